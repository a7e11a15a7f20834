// The exports of one visit to the calls list, from the first press of "Export CSV" on (export-calls.tsx loads this
// with that press, and mounting it starts that first export): the bar while one runs, then what became of it.
import { useEffect, useRef, useState } from 'react'
import { errorText } from '@/lib/error-text'
import { formatNumber } from '@/lib/format'
import { ExportBar } from './export-bar'
import { EXPORT_STATUS, ExportButton, type ExportCallsProps } from './export-button'
import { type ExportProgress, runCallsExport } from './run-export'

type ExportState =
  | { phase: 'running'; progress: ExportProgress | null }
  | { phase: 'done'; rows: number; fileName: string }
  | { phase: 'cancelled'; rows: number }
  | { phase: 'failed'; message: string }

export default function ExportSession({ query, timeZone, unavailable }: ExportCallsProps) {
  const [state, setState] = useState<ExportState>({ phase: 'running', progress: null })
  const running = useRef<AbortController | null>(null)

  async function start() {
    running.current?.abort()
    const controller = new AbortController()
    running.current = controller
    // Only the latest export speaks: one aborted by a newer start (React's strict mode mounts twice) stays quiet.
    const report = (next: ExportState) => {
      if (running.current === controller) setState(next)
    }
    let rows = 0
    report({ phase: 'running', progress: null })
    try {
      const result = await runCallsExport({ ...query, tz: timeZone }, controller.signal, (progress) => {
        rows = progress.rows
        report({ phase: 'running', progress })
      })
      report({ phase: 'done', rows: result.rows, fileName: result.fileName })
    } catch (error) {
      report(controller.signal.aborted ? { phase: 'cancelled', rows } : { phase: 'failed', message: errorText(error) })
    } finally {
      if (running.current === controller) running.current = null
    }
  }

  // Mounted by the first press: that export starts now. Leaving the page cancels the download; the console stops
  // reading the store.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first export starts once, with the view of the press.
  useEffect(() => {
    void start()
    return () => running.current?.abort()
  }, [])

  return (
    <>
      {state.phase === 'running' ? (
        <ExportBar progress={state.progress} onCancel={() => running.current?.abort()} />
      ) : (
        <ExportButton unavailable={unavailable} onClick={() => void start()} />
      )}
      <p role="status" className={EXPORT_STATUS}>
        {state.phase === 'done' && `Exported ${formatNumber(state.rows)} rows to ${state.fileName}.`}
        {state.phase === 'cancelled' && `Export cancelled after ${formatNumber(state.rows)} rows; nothing was saved.`}
        {state.phase === 'failed' && `The export failed: ${state.message}`}
      </p>
    </>
  )
}
