import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { CallDetailView } from '@/api/call-detail-read'
import type { UnreadableField } from '@/api/field-by-field'
import { placedByQueries } from '@/api/placed-by'
import { PlacedBy } from '@/components/placed-by'
import { RevealedText } from '@/components/revealed-text'
import { Timestamp } from '@/components/timestamp'
import { Card, CardTitle } from '@/components/ui/card'
import { isFinishedStatus, isInProgressStatus } from '@/lib/call-status'
import { formatDuration, formatYesNo, pluralize } from '@/lib/format'
import { usePhoneFormat } from '@/lib/phone-format'
import { CALL_END_TIME_SOURCE } from '../shared/call-end-time'
import { CallMetadataTable } from './call-metadata-table'
import { fieldValue } from './detail-values'

/** The spec's one documented `source`: a call made through the interface, which the console's calls are too. */
const API_SOURCE = 'API'

export function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2' : undefined}>
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm wrap-anywhere">{children}</dd>
    </div>
  )
}

/** A value the service fills in only when the call ends (duration, billing, ...): null or 0 until then. */
export function NotYet() {
  return <span className="text-slate-600 dark:text-slate-400">Available when the call ends</span>
}

/**
 * The call's facts in words, then its metadata. Technical values are in CallTechnicalDetails.
 * `endedAt`: from the status answer (started_at + duration_seconds, call-end-time.ts), null when it gave none.
 * `unreadable`: the fields the page could not read, shown as they came.
 */
export function CallDetailFields({
  call,
  endedAt,
  unreadable = [],
}: {
  call: CallDetailView
  endedAt: string | null
  unreadable?: readonly UnreadableField[]
}) {
  const formatPhone = usePhoneFormat()
  // The detail is read again once the page sees the call end; until then its final fields are not known.
  const ended = isFinishedStatus(call.status)
  // Under a status nobody here knows, what the service gave is shown as it came.
  const given = !isInProgressStatus(call.status)
  const show = <T,>(field: keyof CallDetailView, render: (value: T) => ReactNode) =>
    fieldValue(field, call[field] as T | null | undefined, unreadable, render)
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card aria-labelledby="call-details-title">
        <CardTitle id="call-details-title">Details</CardTitle>
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3">
          <Field label="Caller ID">{show('caller_id', formatPhone)}</Field>
          <Field label="Destination">{show('destination', formatPhone)}</Field>
          <Field label="Placed">
            {show<string>('created_at', (iso) => (
              <Timestamp iso={iso} variant="full" />
            ))}
          </Field>
          <Field label="Ended">{ended ? <EndedAt iso={endedAt} /> : <NotYet />}</Field>
          {/* Who placed it here, beside the API's own `source` ("API" for every call made through the interface, the
              console's too): in words, with the service's value on hover. */}
          <Field label="Placed by">
            <CallPlacedBy callId={call.call_id} />
          </Field>
          <Field label="Placed through">
            {show<string>('source', (source) => (
              <span title={`The service's source: ${source}`}>
                {source === API_SOURCE ? "The voice service's interface" : <RevealedText text={source} />}
              </span>
            ))}
          </Field>
          <Field label="Duration">{given ? show('duration_seconds', formatDuration) : <NotYet />}</Field>
          <Field label="Billed minutes">
            {given ? show<number>('billed_minutes', (minutes) => pluralize(minutes, 'minute')) : <NotYet />}
          </Field>
          <Field label="Voicemail drop">{given ? show('voicemail_drop', formatYesNo) : <NotYet />}</Field>
        </dl>
      </Card>
      <Card aria-labelledby="call-metadata-title">
        <CardTitle id="call-metadata-title">Metadata</CardTitle>
        <div className="mt-3">
          {show('metadata', (metadata: Record<string, unknown>) => (
            <CallMetadataTable metadata={metadata} />
          ))}
        </div>
      </Card>
    </div>
  )
}

/** The end time with where it comes from: the spec gives no field that means "ended". */
function EndedAt({ iso }: { iso: string | null }) {
  if (!iso) return <span className="text-slate-600 dark:text-slate-400">Not given by the service</span>
  return (
    <>
      <Timestamp iso={iso} variant="full" />
      <span className="block text-xs text-slate-600 dark:text-slate-400">{CALL_END_TIME_SOURCE}</span>
    </>
  )
}

/** Who placed this call, as the console recorded it; the calls list asks for its whole page at once. */
function CallPlacedBy({ callId }: { callId: string }) {
  const { data, isError } = useQuery(placedByQueries.calls([callId]))
  return <PlacedBy callId={callId} placedBy={data?.placedBy} failed={isError} />
}
