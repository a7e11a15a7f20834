import { Link } from '@tanstack/react-router'
import type { LiveCallEntry } from '@/api/live-schemas'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { Tooltip } from '@/components/ui/tooltip'
import { CallStatusBadge } from '@/features/calls/shared/call-status-badge'
import { PLACED_ELSEWHERE_TIP } from '@/features/calls/shared/placed-by'
import { cn } from '@/lib/cn'
import { formatDuration } from '@/lib/format'
import { formatPhone } from '@/lib/phone'
import { formatRelative, secondsSince } from '@/lib/time'

const headClass = 'font-semibold uppercase tracking-wide'
const linkClass =
  'text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-300'
const phone = (value: string | null) => (value ? formatPhone(value) : '—')

function PlacedByCell({ placedBy }: { placedBy: LiveCallEntry['placedBy'] }) {
  if (placedBy) return <span className="wrap-anywhere">{placedBy.email}</span>
  return <Tooltip tip={PLACED_ELSEWHERE_TIP}>API</Tooltip>
}

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
    <Table
      containerClassName="rounded-lg border border-slate-200 dark:border-slate-800"
      className={cn(wall && 'text-2xl')}
    >
      <caption className="sr-only">{caption}</caption>
      <TableHeader className="border-b-0 bg-slate-50 dark:bg-slate-900">
        <TableRow>
          <TableHead className={headClass}>{ended ? 'Outcome' : 'Status'}</TableHead>
          <TableHead className={headClass}>{ended ? 'Duration' : 'Elapsed'}</TableHead>
          <TableHead className={headClass}>Destination</TableHead>
          <TableHead className={headClass}>Caller ID</TableHead>
          <TableHead className={headClass}>Placed by</TableHead>
          {variant === 'ended' && <TableHead className={headClass}>Ended</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map(({ call, placedBy }) => (
          <TableRow key={call.call_id} className="border-slate-200 dark:border-slate-800">
            <TableCell>
              <CallStatusBadge status={call.status} />
            </TableCell>
            <TableCell className="tabular-nums">
              {ended ? formatDuration(call.duration_seconds) : formatDuration(secondsSince(call.started_at, now))}
            </TableCell>
            <TableCell className="font-medium whitespace-nowrap">
              <Link to="/calls/$callId" params={{ callId: call.call_id }} className={linkClass}>
                {phone(call.destination)}
              </Link>
            </TableCell>
            <TableCell className="whitespace-nowrap">{phone(call.caller_id)}</TableCell>
            <TableCell className="max-w-56">
              <PlacedByCell placedBy={placedBy} />
            </TableCell>
            {variant === 'ended' && (
              <TableCell className="whitespace-nowrap">{formatRelative(call.updated_at, now)}</TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
