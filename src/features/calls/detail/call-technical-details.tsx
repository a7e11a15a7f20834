import type { ReactNode } from 'react'
import type { CallDetailView } from '@/api/call-detail-read'
import { Timestamp } from '@/components/timestamp'
import { CopyButton } from '@/components/ui/copy-button'
import { isFinishedStatus } from '@/lib/call-status'
import { Field, NotYet } from './call-detail-fields'
import { NotGiven } from './detail-values'

function CopyableCode({ value, label }: { value: string | null | undefined; label: string }) {
  if (!value) return <NotGiven />
  return (
    <span className="flex items-start gap-2">
      <code className="min-w-0 flex-1 font-mono text-xs break-all">{value}</code>
      <CopyButton value={value} label={label} variant="secondary" size="xs" />
    </span>
  )
}

/** For the people who need them: the signed recording link and the API paths, collapsed by default. */
export function CallTechnicalDetails({ call }: { call: CallDetailView }) {
  const ended = isFinishedStatus(call.status)
  let recordingUrl: ReactNode
  if (call.recording_url) recordingUrl = <CopyableCode value={call.recording_url} label="Copy recording URL" />
  else recordingUrl = ended ? 'This call has no recording.' : <NotYet />
  return (
    <details className="group rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <summary className="cursor-pointer rounded-lg px-4 py-3 text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
        Technical details
      </summary>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 border-t border-slate-200 px-4 pt-3 pb-4 dark:border-slate-800">
        <Field label="Recording URL" wide>
          {recordingUrl}
        </Field>
        <Field label="API: call" wide>
          <CopyableCode value={call.links?.self} label="Copy call API path" />
        </Field>
        <Field label="API: status" wide>
          <CopyableCode value={call.links?.status} label="Copy status API path" />
        </Field>
        <Field label="API: recordings" wide>
          <CopyableCode value={call.links?.recordings} label="Copy recordings API path" />
        </Field>
        {/* The spec gives updated_at no meaning beyond its name: said as exactly that. */}
        <Field label="Last updated by the service" wide>
          {call.updated_at ? <Timestamp iso={call.updated_at} variant="full" /> : <NotGiven />}
        </Field>
      </dl>
    </details>
  )
}
