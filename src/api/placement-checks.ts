// What New call asks before the press (issue 52): is the destination on the do-not-call list, may the callee be
// called now, and what a recorded call to them needs (the reminder, the callee's consent). The console refuses such a
// placement anyway; these let the page say so first. The one place that names their keys.
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './client'
import { CALLING_HOURS_PATHS, callingHoursAnswer, callingHoursException } from './contract/calling-hours-schemas'
import { CONSOLE_PREFIX } from './contract/console-schemas'
import { DO_NOT_CALL_PATH, doNotCallLookup } from './contract/do-not-call-schemas'
import { RECORDING_NOTICE_PATH, recordingNoticeAnswer } from './contract/recording-notice-schemas'

export const placementCheckQueries = {
  all: () => ['placement-checks'] as const,
  /** Whether `phoneNumber` (E.164) is on the do-not-call list, and since when, by whom and why. */
  doNotCall: (phoneNumber: string) =>
    queryOptions({
      queryKey: [...placementCheckQueries.all(), 'do-not-call', phoneNumber] as const,
      queryFn: ({ signal }) =>
        apiRequest(DO_NOT_CALL_PATH, {
          prefix: CONSOLE_PREFIX,
          query: { phone_number: phoneNumber },
          schema: doNotCallLookup,
          signal,
        }),
    }),
  /** The callee's hours now; a 404 means the console enforces none. */
  callingHours: (phoneNumber: string) =>
    queryOptions({
      queryKey: [...placementCheckQueries.all(), 'calling-hours', phoneNumber] as const,
      queryFn: ({ signal }) =>
        apiRequest(CALLING_HOURS_PATHS.hours, {
          prefix: CONSOLE_PREFIX,
          query: { phone_number: phoneNumber },
          schema: callingHoursAnswer,
          signal,
        }),
      // The hour moves: asked again when the page comes back into view, not kept from an earlier visit.
      staleTime: 0,
    }),
  /** The reminder before a recorded call, and whether `phoneNumber`'s country (if given) asks for consent. */
  recordingNotice: (phoneNumber: string | null) =>
    queryOptions({
      queryKey: [...placementCheckQueries.all(), 'recording-notice', phoneNumber ?? ''] as const,
      queryFn: ({ signal }) =>
        apiRequest(RECORDING_NOTICE_PATH, {
          prefix: CONSOLE_PREFIX,
          query: { phone_number: phoneNumber ?? undefined },
          schema: recordingNoticeAnswer,
          signal,
        }),
      // The console's settings change only with a restart.
      staleTime: 5 * 60_000,
    }),
}

/** An admin allows one call to `phoneNumber` outside the callee's hours, with a reason (audited by the console). */
export function allowOneCallOutsideHours(body: { phone_number: string; reason: string }) {
  return apiRequest(CALLING_HOURS_PATHS.exceptions, {
    prefix: CONSOLE_PREFIX,
    method: 'POST',
    body,
    schema: callingHoursException,
  })
}
