import type { ReactNode } from 'react'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { formatNumber } from '@/lib/format'
import { type FigureRow, formatAnswerRate, formatAverageDuration } from './figures'

/** The chart's numbers as a table, with the figures the chart leaves out; a totals row at the foot. */
export function FiguresTable({
  rows,
  totals,
  caption,
  rowHeader,
  note,
  folded,
}: {
  rows: readonly FigureRow[]
  totals: Omit<FigureRow, 'key' | 'label'>
  caption: string
  rowHeader: string
  /** Said under a row's label: a caller ID's health flag. */
  note?: (row: FigureRow) => ReactNode
  /** One line for the rows left out after the last shown (the days to come), before the totals. */
  folded?: string
}) {
  return (
    <Table className="tabular-nums" regionLabel={caption}>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>{rowHeader}</TableHead>
          <TableHead align="right">Minutes</TableHead>
          <TableHead align="right">Calls</TableHead>
          <TableHead align="right">Answer rate</TableHead>
          <TableHead align="right">Average duration</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <FiguresRow key={row.key} label={row.label} figures={row} note={note?.(row)} />
        ))}
        {folded && (
          <TableRow>
            <TableHead scope="row" look="row">
              {folded}
            </TableHead>
            <TableCell colSpan={4} className="text-slate-600 dark:text-slate-400">
              No calls yet
            </TableCell>
          </TableRow>
        )}
        <FiguresRow label="Total" figures={totals} total />
      </TableBody>
    </Table>
  )
}

function FiguresRow({
  label,
  figures,
  total = false,
  note,
}: {
  label: string
  figures: Omit<FigureRow, 'key' | 'label'>
  total?: boolean
  note?: ReactNode
}) {
  const cell = total ? 'text-right font-semibold' : 'text-right'
  return (
    <TableRow>
      <TableHead scope="row" look={total ? 'row-strong' : 'row'}>
        {label}
        {note}
      </TableHead>
      <TableCell className={cell}>{formatNumber(figures.minutes)}</TableCell>
      <TableCell className={cell}>{formatNumber(figures.calls)}</TableCell>
      <TableCell className={cell}>{formatAnswerRate(figures.answerRate)}</TableCell>
      <TableCell className={cell}>{formatAverageDuration(figures.averageDurationSeconds)}</TableCell>
    </TableRow>
  )
}
