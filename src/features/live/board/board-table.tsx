import type { LiveCallEntry } from '@/api/live-schemas'
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table'
import { isInProgressStatus } from '@/features/calls/shared/call-status'
import { CallStatusBadge } from '@/features/calls/shared/call-status-badge'
import {
  CALL_ROW_BORDER,
  CALL_TABLE_FRAME,
  CallColumn,
  CallLink,
  CallTableHeader,
} from '@/features/calls/shared/call-table'
import { PlacedByName } from '@/features/calls/shared/placed-by'
import { cn } from '@/lib/cn'
import { formatDuration } from '@/lib/format'
import { listRow } from '@/lib/list-row'
import { formatPhone } from '@/lib/phone'
import { formatRelative, secondsSince } from '@/lib/time'

const phone = (value: string | null | undefined) => (value ? formatPhone(value) : '—')

/**
 * One section's calls. In flight: the time since each started, ticking with `now`. Just ended: the
 * outcome, the duration and when it ended (`endedLabel` null when the time is not known, as when polling).
 */
export function BoardTable({
  caption,
  entries,
  variant,
  now,
  wall,
}: {
  caption: string
  entries: LiveCallEntry[]
  variant: 'in-flight' | 'ended' | 'ended-unknown-time'
  now: number
  wall: boolean
}) {
  const ended = variant !== 'in-flight'
  return (
    <Table containerClassName={CALL_TABLE_FRAME} className={cn(wall && 'text-2xl')}>
      <caption className="sr-only">{caption}</caption>
      <CallTableHeader>
        <CallColumn>{ended ? 'Outcome' : 'Status'}</CallColumn>
        <CallColumn>{ended ? 'Duration' : 'Elapsed'}</CallColumn>
        <CallColumn>Destination</CallColumn>
        <CallColumn>Caller ID</CallColumn>
        <CallColumn>Placed by</CallColumn>
        {variant === 'ended' && <CallColumn>Ended</CallColumn>}
      </CallTableHeader>
      <TableBody>
        {entries.map(({ call, placedBy }) => (
          <TableRow key={call.call_id} {...listRow(call.call_id)} className={CALL_ROW_BORDER}>
            <TableCell>
              <CallStatusBadge status={call.status} />
            </TableCell>
            <TableCell className="tabular-nums">
              {/* A clock ticks only for a status that says the call is in progress; otherwise what the service gave. */}
              {ended || !isInProgressStatus(call.status)
                ? formatDuration(call.duration_seconds)
                : formatDuration(secondsSince(call.started_at ?? '', now))}
            </TableCell>
            <TableCell className="font-medium whitespace-nowrap">
              <CallLink callId={call.call_id}>{phone(call.destination)}</CallLink>
            </TableCell>
            <TableCell className="whitespace-nowrap">{phone(call.caller_id)}</TableCell>
            <TableCell className="max-w-56">
              <PlacedByName person={placedBy} />
            </TableCell>
            {variant === 'ended' && (
              <TableCell className="whitespace-nowrap">
                {call.updated_at ? formatRelative(call.updated_at, now) : '—'}
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
