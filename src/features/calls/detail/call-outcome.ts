// What the call page says about a call's state: a headline to read at a glance and one
// sentence on what it means. The spec has no "answered" status (a call reports
// DIALER_RINGING from the first ring until it ends) and one unsuccessful ending,
// DIALER_FAILED, for every way a call can fail to connect; the words say exactly that.
import { QUEUED } from '@/api/contract/schemas'
import { callStatusMeta, isFailedStatus, isFinishedStatus, unknownStatusLabel } from '../shared/call-status'

export type CallOutcomeKind = 'live' | 'completed' | 'failed' | 'unknown'

export interface CallOutcome {
  kind: CallOutcomeKind
  headline: string
  meaning: string
}

const LIVE: Record<string, Omit<CallOutcome, 'kind'>> = {
  [QUEUED]: { headline: 'Queued', meaning: 'The service has accepted the call and will start dialling in a moment.' },
  DIALER_INITIATED: { headline: 'Initiated', meaning: 'The service is setting up the call.' },
  DIALER_RINGING: {
    headline: 'In progress: ringing or connected',
    meaning:
      'The service reports the same state from the first ring until the call ends, so the person may already be talking.',
  },
}

export function callOutcome(status: string, { voicemailDrop = false }: { voicemailDrop?: boolean } = {}): CallOutcome {
  const live = LIVE[status]
  if (live) return { kind: 'live', ...live }
  if (isFailedStatus(status)) {
    return {
      kind: 'failed',
      headline: 'Failed',
      meaning:
        'The call did not connect: it was not answered, the line was busy, or the number could not be reached. The service does not say which.',
    }
  }
  if (isFinishedStatus(status)) {
    return {
      kind: 'completed',
      headline: callStatusMeta(status).label,
      meaning: voicemailDrop
        ? 'The call connected and has ended. It was a voicemail drop.'
        : 'The call connected and has ended.',
    }
  }
  return {
    kind: 'unknown',
    headline: unknownStatusLabel(status),
    meaning:
      'This page does not know what the status means, so it does not say whether the call is still going or has ended. The duration and billed minutes are shown as the service gave them.',
  }
}
