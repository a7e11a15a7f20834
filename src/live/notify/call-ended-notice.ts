// What a person is told when a call of theirs ends: the same words in the page's toast and in the
// browser's notification.
import type { LiveCallEntry } from '@/api/contract/live-schemas'
import { isFailedStatus } from '@/lib/call-status'
import { formatDuration } from '@/lib/format'
import { formatPhone } from '@/lib/phone-format'

export interface CallEndedNotice {
  callId: string
  failed: boolean
  title: string
  body: string
}

export function callEndedNotice({ call }: LiveCallEntry): CallEndedNotice {
  // Written once, with the formats loaded so far: the page that placed the call has its number's group.
  const to = call.destination ? formatPhone(call.destination) : 'your call'
  const failed = isFailedStatus(call.status)
  return {
    callId: call.call_id,
    failed,
    title: failed ? `Call to ${to} failed` : `Call to ${to} completed`,
    body: failed
      ? 'It did not connect: not answered, busy, or unreachable.'
      : `It lasted ${formatDuration(call.duration_seconds)}.`,
  }
}
