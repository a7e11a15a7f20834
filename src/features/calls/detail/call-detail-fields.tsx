import type { ReactNode } from 'react'
import type { CallDetail } from '@/api/schemas'
import { Timestamp } from '@/components/timestamp'
import { Card, CardTitle } from '@/components/ui/card'
import { formatDuration, formatYesNo, pluralize } from '@/lib/format'
import { CallMetadataTable } from './call-metadata-table'

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2' : undefined}>
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm break-all">{children}</dd>
    </div>
  )
}

/** Every field of the call detail, as text. */
export function CallDetailFields({ call }: { call: CallDetail }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card aria-labelledby="call-details-title">
        <CardTitle id="call-details-title">Details</CardTitle>
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3">
          <Field label="Caller ID">{call.caller_id}</Field>
          <Field label="Destination">{call.destination}</Field>
          <Field label="Duration">{formatDuration(call.duration_seconds)}</Field>
          <Field label="Billed minutes">{pluralize(call.billed_minutes, 'minute')}</Field>
          <Field label="Voicemail drop">{formatYesNo(call.voicemail_drop)}</Field>
          <Field label="Source">{call.source}</Field>
          <Field label="Created">
            <Timestamp iso={call.created_at} variant="full" />
          </Field>
          <Field label="Updated">
            <Timestamp iso={call.updated_at} variant="full" />
          </Field>
          <Field label="Recording URL" wide>
            {call.recording_url ? <code className="font-mono text-xs">{call.recording_url}</code> : 'None'}
          </Field>
        </dl>
      </Card>
      <div className="space-y-4">
        <Card aria-labelledby="call-metadata-title">
          <CardTitle id="call-metadata-title">Metadata</CardTitle>
          <div className="mt-3">
            <CallMetadataTable metadata={call.metadata} />
          </div>
        </Card>
        <Card aria-labelledby="call-links-title">
          <CardTitle id="call-links-title">Links</CardTitle>
          <dl className="mt-3 space-y-2">
            <Field label="Self">
              <code className="font-mono text-xs">{call.links.self}</code>
            </Field>
            <Field label="Status">
              <code className="font-mono text-xs">{call.links.status}</code>
            </Field>
            <Field label="Recordings">
              <code className="font-mono text-xs">{call.links.recordings}</code>
            </Field>
          </dl>
        </Card>
      </div>
    </div>
  )
}
