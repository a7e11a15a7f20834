import type { CreateCallResponse } from '@/api/contract/schemas'

// Set on the navigation that follows placing a call. The form that had the focus is
// gone by then, so the call page moves the focus to its heading instead of the page body.
// The creation response is the only place the service says whether the call records;
// the call page keeps it for "Call again" on a call that ended without a recording.
declare module '@tanstack/history' {
  interface HistoryState {
    placedCall?: boolean
    placedWithRecording?: boolean
  }
}

export function placedCallState(call: CreateCallResponse) {
  return { placedCall: true, placedWithRecording: call.recording?.enabled === true } as const
}
