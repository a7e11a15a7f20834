// "Export CSV": every row the view's filters and search select, streamed from the console, with a
// progress bar of rows done of the total and a Cancel. The cold calls page carries only the button: the export's
// states, its download and its bar load on the first press (export-session.tsx), which starts the export.
import { lazy, Suspense, useState } from 'react'
import { EXPORT_STATUS, ExportButton, type ExportCallsProps } from './export-button'

const ExportSession = lazy(() => import('./export-session'))

export function ExportCalls(props: ExportCallsProps) {
  const [pressed, setPressed] = useState(false)
  return (
    <div className="flex flex-wrap items-center gap-2">
      {pressed ? (
        <Suspense fallback={<span className="text-sm">Starting the export…</span>}>
          <ExportSession {...props} />
        </Suspense>
      ) : (
        <>
          <ExportButton unavailable={props.unavailable} onClick={() => setPressed(true)} />
          <p role="status" className={EXPORT_STATUS}>
            {props.unavailable}
          </p>
        </>
      )}
    </div>
  )
}
