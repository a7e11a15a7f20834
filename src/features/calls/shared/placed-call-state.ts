// Set on the navigation that follows placing a call. The form that had the focus is
// gone by then, so the call page moves the focus to its heading instead of the page body.
declare module '@tanstack/history' {
  interface HistoryState {
    placedCall?: boolean
  }
}

export const PLACED_CALL_STATE = { placedCall: true } as const
