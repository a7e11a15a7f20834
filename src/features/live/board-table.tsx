import { useTimeZone } from '@/api/preferences'
import { CallStatusBadge } from '@/components/call-status-badge'
import { CALL_TABLE_FRAME, CallColumn, CallLink, CallTableHeader } from '@/components/call-table'
import { PlacedByName } from '@/components/placed-by'
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table'
import { cn } from '@/lib/cn'
import { listRow } from '@/lib/list-row'
import { usePhoneFormat } from '@/lib/phone-format'
import { BoardCards } from './board-cards'
import { type BoardListProps, boardTime, endedText, phoneText } from './board-values'

/**
 * One section's calls: a table from `sm` up, cards on a phone (only one of the two is displayed, so
 * only one is in the accessibility tree). In flight: the time since each started, ticking with `now`.
 * Just ended: the outcome, the duration and when it ended (not shown when that is not known, as when polling).
 * On the wall every text is large, the header and the status pills too.
 */
export function BoardTable({ caption, entries, variant, now, wall }: BoardListProps) {
  const ended = variant !== 'in-flight'
  const formatPhone = usePhoneFormat()
  const timeZone = useTimeZone()
  return (
    <>
      <Table
        containerClassName={cn('hidden sm:block', CALL_TABLE_FRAME)}
        large={wall}
        overflowLabel={`${caption}, scrolls sideways`}
      >
        <caption className="sr-only">{caption}</caption>
        <CallTableHeader>
          <CallColumn large={wall}>{ended ? 'Outcome' : 'Status'}</CallColumn>
          <CallColumn large={wall}>{ended ? 'Duration' : 'Elapsed'}</CallColumn>
          <CallColumn large={wall}>Destination</CallColumn>
          <CallColumn large={wall}>Caller ID</CallColumn>
          <CallColumn large={wall}>Placed by</CallColumn>
          {variant === 'ended' && <CallColumn large={wall}>Ended</CallColumn>}
        </CallTableHeader>
        <TableBody>
          {entries.map(({ call, placedBy }) => (
            <TableRow key={call.call_id} {...listRow(call.call_id)} strongBorder>
              <TableCell>
                <CallStatusBadge status={call.status} size={wall ? 'xl' : 'sm'} />
              </TableCell>
              <TableCell className="tabular-nums">{boardTime(call, ended, now)}</TableCell>
              <TableCell className="font-medium whitespace-nowrap">
                <CallLink callId={call.call_id}>{phoneText(formatPhone, call.destination)}</CallLink>
              </TableCell>
              <TableCell className="whitespace-nowrap">{phoneText(formatPhone, call.caller_id)}</TableCell>
              <TableCell className="max-w-56">
                <PlacedByName person={placedBy} />
              </TableCell>
              {variant === 'ended' && (
                <TableCell className="whitespace-nowrap">{endedText(call, now, timeZone)}</TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <BoardCards caption={caption} entries={entries} variant={variant} now={now} wall={wall} />
    </>
  )
}
