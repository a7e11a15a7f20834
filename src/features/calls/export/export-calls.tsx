// "Export CSV": every row the view's filters and search select, streamed from the console, with a
// progress bar of rows done of the total and a Cancel. The download's code and its bar load on the first
// export: the cold calls page carries only the button.
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { CallSearchQuery } from '@/api/contract/call-index-schemas'
import { Button } from '@/components/ui/button'
import { errorText } from '@/lib/error-text'
import { formatNumber } from '@/lib/format'
import type { ExportProgress } from './run-export'

const ExportBar = lazy(() => import('./export-bar').then(({ ExportBar }) => ({ default: ExportBar })))

type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; progress: ExportProgress | null }
  | { phase: 'done'; rows: number; fileName: string }
  | { phase: 'cancelled'; rows: number }
  | { phase: 'failed'; message: string }

export function ExportCalls({
  query,
  timeZone,
  unavailable,
}: {
  query: CallSearchQuery
  timeZone: string
  /** Why there is nothing to export from (the list comes from the voice API); null when there is. */
  unavailable: string | null
}) {
  const [state, setState] = useState<ExportState>({ phase: 'idle' })
  const running = useRef<AbortController | null>(null)
  // Leaving the page cancels the download; the console stops reading the store.
  useEffect(() => () => running.current?.abort(), [])

  async function start() {
    const controller = new AbortController()
    running.current = controller
    let rows = 0
    setState({ phase: 'running', progress: null })
    try {
      const { runCallsExport } = await import('./run-export')
      const result = await runCallsExport({ ...query, tz: timeZone }, controller.signal, (progress) => {
        rows = progress.rows
        setState({ phase: 'running', progress })
      })
      setState({ phase: 'done', rows: result.rows, fileName: result.fileName })
    } catch (error) {
      setState(
        controller.signal.aborted ? { phase: 'cancelled', rows } : { phase: 'failed', message: errorText(error) },
      )
    } finally {
      running.current = null
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      {state.phase === 'running' ? (
        <Suspense fallback={<span className="text-sm">Starting the export…</span>}>
          <ExportBar progress={state.progress} onCancel={() => running.current?.abort()} />
        </Suspense>
      ) : (
        <Button
          variant="secondary"
          size="xs"
          disabled={unavailable !== null}
          title={unavailable ?? undefined}
          onClick={() => void start()}
        >
          Export CSV
        </Button>
      )}
      <p role="status" className="text-xs text-slate-600 dark:text-slate-400">
        {state.phase === 'done' && `Exported ${formatNumber(state.rows)} rows to ${state.fileName}.`}
        {state.phase === 'cancelled' && `Export cancelled after ${formatNumber(state.rows)} rows; nothing was saved.`}
        {state.phase === 'failed' && `The export failed: ${state.message}`}
        {state.phase === 'idle' && unavailable}
      </p>
    </div>
  )
}
