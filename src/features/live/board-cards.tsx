import type { ReactNode } from 'react'
import { useTimeZone } from '@/api/preferences'
import { CallStatusBadge } from '@/components/call-status-badge'
import { CallLink } from '@/components/call-table'
import { PlacedByName } from '@/components/placed-by'
import { cn } from '@/lib/cn'
import { listRow } from '@/lib/list-row'
import { usePhoneFormat } from '@/lib/phone-format'
import { type BoardListProps, boardTime, endedText, phoneText } from './board-values'

function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/**
 * Below `sm`, where the board's columns do not fit: one card per call, every field labelled, the
 * destination a link that opens it (as the calls list does on a phone).
 */
export function BoardCards({ caption, entries, variant, now, wall }: BoardListProps) {
  const ended = variant !== 'in-flight'
  const formatPhone = usePhoneFormat()
  const timeZone = useTimeZone()
  return (
    <ul aria-label={caption} className={cn('space-y-2 sm:hidden', wall ? 'text-xl' : 'text-sm')}>
      {entries.map(({ call, placedBy }) => (
        <li
          key={call.call_id}
          {...listRow(call.call_id)}
          className="rounded-lg border border-slate-200 p-3 dark:border-slate-800"
        >
          <div className="flex items-start justify-between gap-2">
            <CallLink callId={call.call_id} className="font-medium">
              {phoneText(formatPhone, call.destination)}
            </CallLink>
            <CallStatusBadge status={call.status} size={wall ? 'lg' : 'sm'} />
          </div>
          <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-2">
            <CardField label={ended ? 'Duration' : 'Elapsed'}>
              <span className="tabular-nums">{boardTime(call, ended, now)}</span>
            </CardField>
            <CardField label="Caller ID">
              <span className="whitespace-nowrap">{phoneText(formatPhone, call.caller_id)}</span>
            </CardField>
            <CardField label="Placed by">
              <PlacedByName person={placedBy} />
            </CardField>
            {variant === 'ended' && <CardField label="Ended">{endedText(call, now, timeZone)}</CardField>}
          </dl>
        </li>
      ))}
    </ul>
  )
}
