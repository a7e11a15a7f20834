// What follows a call (issue 51): the outcome kinds admins keep, and a call's outcome and note, on the console.
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './client'
import { callWork, callWorkPaths, OUTCOME_KINDS_PATH, outcomeKindsResponse } from './contract/call-work-schemas'
import { CONSOLE_PREFIX } from './contract/console-schemas'

const onConsole = { prefix: CONSOLE_PREFIX }

export const outcomeKindQueries = {
  all: () => ['outcome-kinds'] as const,
  list: () =>
    queryOptions({
      queryKey: outcomeKindQueries.all(),
      queryFn: ({ signal }) => apiRequest(OUTCOME_KINDS_PATH, { ...onConsole, schema: outcomeKindsResponse, signal }),
      select: (data) => data.outcome_kinds,
      // Admins change the list seldom; a page opened later reads it again.
      staleTime: 5 * 60_000,
    }),
}

export const callWorkQueries = {
  all: () => ['call-work'] as const,
  detail: (callId: string) =>
    queryOptions({
      queryKey: [...callWorkQueries.all(), callId] as const,
      queryFn: ({ signal }) => apiRequest(callWorkPaths(callId).work, { ...onConsole, schema: callWork, signal }),
    }),
}

export const saveOutcome = ({ callId, outcome }: { callId: string; outcome: string }) =>
  apiRequest(callWorkPaths(callId).outcome, { ...onConsole, method: 'PUT', body: { outcome }, schema: callWork })

export const saveNote = ({ callId, note }: { callId: string; note: string }) =>
  apiRequest(callWorkPaths(callId).note, { ...onConsole, method: 'PUT', body: { note }, schema: callWork })
