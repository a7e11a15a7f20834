import type { ReactNode } from 'react'
import type { DeliveryStatus } from '@/api/contract/delivery-schemas'
import { DeliveryStatusBadge } from '@/components/delivery-status-badge'
import { Timestamp } from '@/components/timestamp'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'

/** What every delivery log's row shows alike. */
interface LoggedDelivery {
  id: string
  createdAt: string
  status: DeliveryStatus
  attempts: number
  nextAttemptAt: string | null
  responseExcerpt: string | null
}

/** A column of the feature's own. */
export interface DeliveryLogColumn<Delivery> {
  header: string
  cell: (delivery: Delivery) => ReactNode
  className?: string
}

/**
 * Newest first: the time, the feature's columns of whose delivery it is (`about`), the status, the feature's
 * columns of the receiver's answer (`answer`), the attempts, the next one, and the excerpt. The excerpt is the
 * receiver's own words: shown as text, never as HTML.
 */
export function DeliveryLogTable<Delivery extends LoggedDelivery>({
  regionLabel,
  caption,
  zone,
  deliveries,
  about,
  answer,
}: {
  /** The table's name as a scrollable region ("Delivery log table"). */
  regionLabel: string
  /** Read by screen readers only: what the log holds. */
  caption: string
  /** The abbreviation of the time zone its times are shown in. */
  zone: string
  deliveries: readonly Delivery[]
  about: readonly DeliveryLogColumn<Delivery>[]
  answer: readonly DeliveryLogColumn<Delivery>[]
}) {
  const cells = (columns: readonly DeliveryLogColumn<Delivery>[], delivery: Delivery) =>
    columns.map((column) => (
      <TableCell key={column.header} className={column.className}>
        {column.cell(delivery)}
      </TableCell>
    ))
  const headers = (columns: readonly DeliveryLogColumn<Delivery>[]) =>
    columns.map((column) => <TableHead key={column.header}>{column.header}</TableHead>)

  return (
    <Table regionLabel={regionLabel}>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Time ({zone})</TableHead>
          {headers(about)}
          <TableHead>Status</TableHead>
          {headers(answer)}
          <TableHead>Attempts</TableHead>
          <TableHead>Next attempt</TableHead>
          <TableHead>Excerpt</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {deliveries.map((delivery) => (
          <TableRow key={delivery.id}>
            <TableCell className="whitespace-nowrap">
              <Timestamp iso={delivery.createdAt} />
            </TableCell>
            {cells(about, delivery)}
            <TableCell>
              <DeliveryStatusBadge status={delivery.status} />
            </TableCell>
            {cells(answer, delivery)}
            <TableCell className="tabular-nums">{delivery.attempts}</TableCell>
            <TableCell className="whitespace-nowrap">
              {delivery.nextAttemptAt ? <Timestamp iso={delivery.nextAttemptAt} /> : '—'}
            </TableCell>
            <TableCell className="max-w-64 text-xs break-words text-slate-700 dark:text-slate-300">
              {delivery.responseExcerpt ?? '—'}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
