import type { ReactNode } from 'react'
import { RevealedText } from '@/components/revealed-text'
import { rowActionsCell } from '@/components/row-actions-cell'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { revealHidden } from '@/lib/hidden-characters'

/** What every destination (an alert channel, an integration) has that the table shows alike. */
interface Destination {
  id: string
  name: string
  /** Why the console turned it off (a 410); null when it did not. */
  disabledReason: string | null
}

/** A column of the feature's own, between the name and Enabled. */
export interface DestinationColumn<Row> {
  header: string
  cell: (row: Row) => ReactNode
  className?: string
}

/**
 * The places the console sends to, one a row: the name (and why the console turned it off), the feature's own
 * columns, its on/off switch, and its test and Delete buttons. The feature passes its words and its actions.
 */
export function DestinationTable<Row extends Destination>({
  regionLabel,
  caption,
  rows,
  columns,
  enabledSwitch,
  testButton,
  onDelete,
}: {
  /** The table's name as a scrollable region ("Integrations table"). */
  regionLabel: string
  /** Read by screen readers only: what the table lists. */
  caption: string
  rows: readonly Row[]
  columns: readonly DestinationColumn<Row>[]
  enabledSwitch: (row: Row) => ReactNode
  testButton: (row: Row) => ReactNode
  onDelete: (row: Row) => void
}) {
  return (
    <Table regionLabel={regionLabel}>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          {columns.map((column) => (
            <TableHead key={column.header}>{column.header}</TableHead>
          ))}
          <TableHead>Enabled</TableHead>
          <TableHead>Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableHead scope="row" look="row-medium">
              <RevealedText text={row.name} />
              {row.disabledReason && (
                <span className="mt-1 block rounded-md border border-red-300 bg-red-50 p-2 text-sm font-normal text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
                  <span className="font-semibold">Turned off by the console: </span>
                  {row.disabledReason}
                </span>
              )}
            </TableHead>
            {columns.map((column) => (
              <TableCell key={column.header} className={column.className}>
                {column.cell(row)}
              </TableCell>
            ))}
            <TableCell>{enabledSwitch(row)}</TableCell>
            {rowActionsCell(revealHidden(row.name), () => onDelete(row), testButton(row))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
