import { Badge } from '@/components/ui/badge'
import { formatNumber, formatPercent, formatPeriod } from '@/lib/usage-format'
import type { HistoryRow } from './history-rows'
import { periodStatusLook } from './status-labels'

const th = 'px-3 py-2 text-left text-xs font-medium text-slate-600 dark:text-slate-400'
const td = 'px-3 py-2 text-sm tabular-nums'

/** The same periods as the chart, newest first: the accessible way to read them. */
export function HistoryTable({ rows }: { rows: readonly HistoryRow[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse">
        <caption className="sr-only">Usage per billing period, newest first</caption>
        <thead className="border-b border-slate-200 dark:border-slate-800">
          <tr>
            <th scope="col" className={th}>
              Period
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={`${th} text-right`}>
              Used
            </th>
            <th scope="col" className={`${th} text-right`}>
              Committed
            </th>
            <th scope="col" className={`${th} text-right`}>
              Of commitment
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const look = periodStatusLook(row.status)
            return (
              <tr key={row.period_start} className="border-b border-slate-100 last:border-0 dark:border-slate-800/60">
                <th scope="row" className={`${td} text-left font-normal whitespace-nowrap`}>
                  {formatPeriod(row.period_start, row.period_end)}
                </th>
                <td className={td}>
                  <Badge tone={look.tone}>{look.label}</Badge>
                </td>
                <td className={`${td} text-right`}>{formatNumber(row.actual_minutes_used)}</td>
                <td className={`${td} text-right`}>{formatNumber(row.committed_minutes)}</td>
                <td className={`${td} text-right`}>
                  {row.percent === null ? '—' : formatPercent(row.percent)}
                  {row.overBy > 0 && (
                    <Badge tone="danger" className="ml-2">
                      Over by {formatNumber(row.overBy)}
                    </Badge>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
