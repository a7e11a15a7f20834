import { Badge } from '@/components/ui/badge'
import { formatNumber } from '@/lib/format'
import { formatPercent } from '@/lib/usage-format'
import type { HistoryRow } from './history-rows'
import { PeriodRange } from './period-range'
import { periodStatusLook } from './status-labels'

/** The history table on a phone: one card per period, in words, nothing to scroll sideways. */
export function HistoryCards({ rows, timeZone }: { rows: readonly HistoryRow[]; timeZone: string }) {
  return (
    <ol aria-label="Usage per billing period, newest first" className="space-y-2 sm:hidden">
      {rows.map((row) => {
        const look = periodStatusLook(row.status)
        return (
          <li
            key={row.period_start}
            className="rounded-md border border-slate-200 p-3 text-sm tabular-nums dark:border-slate-800"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold">{row.label}</p>
              <Badge tone={look.tone}>{look.label}</Badge>
            </div>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              <PeriodRange start={row.period_start} end={row.period_end} timeZone={timeZone} />
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
              <span>
                {formatNumber(row.actual_minutes_used)} of {formatNumber(row.committed_minutes)} minutes used
                {row.inProgress && ' so far'}
                {row.percent !== null && ` (${formatPercent(row.percent)})`}
              </span>
              {row.overBy > 0 && <Badge tone="danger">Over by {formatNumber(row.overBy)}</Badge>}
            </p>
          </li>
        )
      })}
    </ol>
  )
}
