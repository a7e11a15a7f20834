import type { LiveCallEntry } from '@/api/contract/live-schemas'
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table'
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
import { listRow } from '@/lib/list-row'
import { BoardCards } from './board-cards'
import { type BoardVariant, boardTime, endedText, phoneText } from './board-values'

/**
 * One section's calls: a table from `sm` up, cards on a phone (only one of the two is displayed, so
 * only one is in the accessibility tree). In flight: the time since each started, ticking with `now`.
 * Just ended: the outcome, the duration and when it ended (not shown when that is not known, as when polling).
 * On the wall every text is large, the header and the status pills too.
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
  variant: BoardVariant
  now: number
  wall: boolean
}) {
  const ended = variant !== 'in-flight'
  const column = cn(wall && 'text-xl')
  return (
    <>
      <Table
        containerClassName={cn('hidden sm:block', CALL_TABLE_FRAME)}
        className={cn(wall && 'text-2xl')}
        overflowLabel={`${caption}, scrolls sideways`}
      >
        <caption className="sr-only">{caption}</caption>
        <CallTableHeader>
          <CallColumn className={column}>{ended ? 'Outcome' : 'Status'}</CallColumn>
          <CallColumn className={column}>{ended ? 'Duration' : 'Elapsed'}</CallColumn>
          <CallColumn className={column}>Destination</CallColumn>
          <CallColumn className={column}>Caller ID</CallColumn>
          <CallColumn className={column}>Placed by</CallColumn>
          {variant === 'ended' && <CallColumn className={column}>Ended</CallColumn>}
        </CallTableHeader>
        <TableBody>
          {entries.map(({ call, placedBy }) => (
            <TableRow key={call.call_id} {...listRow(call.call_id)} className={CALL_ROW_BORDER}>
              <TableCell>
                <CallStatusBadge status={call.status} className={cn(wall && 'px-3 py-1 text-xl')} />
              </TableCell>
              <TableCell className="tabular-nums">{boardTime(call, ended, now)}</TableCell>
              <TableCell className="font-medium whitespace-nowrap">
                <CallLink callId={call.call_id}>{phoneText(call.destination)}</CallLink>
              </TableCell>
              <TableCell className="whitespace-nowrap">{phoneText(call.caller_id)}</TableCell>
              <TableCell className="max-w-56">
                <PlacedByName person={placedBy} />
              </TableCell>
              {variant === 'ended' && <TableCell className="whitespace-nowrap">{endedText(call, now)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <BoardCards caption={caption} entries={entries} variant={variant} now={now} wall={wall} />
    </>
  )
}
