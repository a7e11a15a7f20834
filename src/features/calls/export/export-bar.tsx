// The running export's bar: rows done of the total, and Cancel (it loads with export-session.tsx, on the first export).
import { Button } from '@/components/ui/button'
import { formatNumber } from '@/lib/format'
import type { ExportProgress } from './run-export'

export function ExportBar({ progress, onCancel }: { progress: ExportProgress | null; onCancel: () => void }) {
  const rows = progress?.rows ?? 0
  const total = progress?.total ?? null
  const words = total === null ? `${formatNumber(rows)} rows` : `${formatNumber(rows)} of ${formatNumber(total)} rows`
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <div
        role="progressbar"
        aria-label="Export progress"
        aria-valuemin={0}
        aria-valuemax={total ?? undefined}
        aria-valuenow={total === null ? undefined : rows}
        aria-valuetext={words}
        className="h-2 w-40 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className="h-full bg-indigo-600 transition-[width] dark:bg-indigo-400"
          style={{ width: total ? `${Math.min(100, (rows / total) * 100)}%` : '0%' }}
        />
      </div>
      <span className="tabular-nums">{words}</span>
      <Button variant="secondary" size="xs" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  )
}
