// Each call status in a person's words: the one map the calls list, its badge and the console's CSV files read.
// A status the spec does not list is said as the service sent it, and said to be unknown.
import { QUEUED } from './schemas'

const CALL_STATUS_WORDS: Readonly<Record<string, string>> = {
  [QUEUED]: 'Queued',
  DIALER_INITIATED: 'Initiated',
  // The spec has no "answered" status: a call reports ringing from the first ring until it ends.
  DIALER_RINGING: 'Ringing or connected',
  DIALER_COMPLETED: 'Completed',
  DIALER_FAILED: 'Failed',
}

/** Whether the spec (or the creation answer's `queued`) names this status. */
export const isKnownCallStatus = (status: string): boolean => Object.hasOwn(CALL_STATUS_WORDS, status)

export const callStatusWords = (status: string): string =>
  isKnownCallStatus(status) ? (CALL_STATUS_WORDS[status] as string) : `Unknown status ${status} from the service`
