import type { CreateCallRequest } from '@/api/contract/schemas'

// "Call again": a finished call's request, carried to /calls/new in the navigation's state
// rather than the address, so phone numbers and metadata stay out of URLs, history lists and
// logs (like the new-call draft, which never leaves memory). The form is only filled in:
// nothing is sent until the person presses Place call, under a new Idempotency-Key.
declare module '@tanstack/history' {
  interface HistoryState {
    /** Untrusted: the browser keeps it across reloads and versions. /calls/new validates it. */
    callAgain?: unknown
  }
}

export interface CallAgain {
  fromCallId: string
  request: Required<CreateCallRequest>
}

export function callAgainState(callAgain: CallAgain) {
  return { callAgain }
}
