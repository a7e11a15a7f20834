import { Badge } from '@/components/ui/badge'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { formatNumber } from '@/lib/format'
import { formatPercent } from '@/lib/usage-format'
import type { HistoryRow } from './history-rows'
import { PeriodRange } from './period-range'
import { periodStatusLook } from './status-labels'

/** The same periods as the chart, newest first: the accessible way to read them. From sm up; HistoryCards below. */
export function HistoryTable({ rows, timeZone }: { rows: readonly HistoryRow[]; timeZone: string }) {
  return (
    <Table className="tabular-nums" containerClassName="hidden sm:block">
      <caption className="sr-only">Usage per billing period, newest first</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Period</TableHead>
          <TableHead>Status</TableHead>
          <TableHead align="right">Used</TableHead>
          <TableHead align="right">Committed</TableHead>
          <TableHead align="right">Of commitment</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => {
          const look = periodStatusLook(row.status)
          return (
            <TableRow key={row.period_start}>
              <TableHead scope="row" className="whitespace-nowrap">
                <PeriodRange start={row.period_start} end={row.period_end} timeZone={timeZone} />
              </TableHead>
              <TableCell>
                <Badge tone={look.tone}>{look.label}</Badge>
              </TableCell>
              <TableCell className="text-right">
                {formatNumber(row.actual_minutes_used)}
                {row.inProgress && ' so far'}
              </TableCell>
              <TableCell className="text-right">{formatNumber(row.committed_minutes)}</TableCell>
              <TableCell className="whitespace-nowrap text-right">
                {row.percent === null ? '—' : formatPercent(row.percent)}
                {row.overBy > 0 && (
                  <Badge tone="danger" className="ml-2">
                    Over by {formatNumber(row.overBy)}
                  </Badge>
                )}
              </TableCell>
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}
