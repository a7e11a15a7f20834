// The outcome of a call and its note, through the outcomes module's agreed routes (issue 51, item 1): the call
// lists' outcome form reads and writes them over HTTP. These shapes are that contract's; once the outcomes module
// is merged, its own contract file is their one source and this file should read from it.
import { queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiRequest } from './client'
import { CONSOLE_PREFIX } from './contract/console-schemas'

const onConsole = { prefix: CONSOLE_PREFIX }

const outcomeKind = z.object({
  id: z.string(),
  label: z.string(),
  comes_back: z.boolean(),
  asks_callback: z.boolean(),
  archived: z.boolean(),
})
export type OutcomeKind = z.infer<typeof outcomeKind>

export const callWorkQueries = {
  all: () => ['call-work'] as const,
  outcomeKinds: () =>
    queryOptions({
      queryKey: [...callWorkQueries.all(), 'outcome-kinds'] as const,
      queryFn: ({ signal }) =>
        apiRequest('/outcome-kinds', {
          ...onConsole,
          schema: z.object({ outcome_kinds: z.array(outcomeKind) }),
          signal,
        }),
      select: (data) => data.outcome_kinds.filter((kind) => !kind.archived),
      staleTime: 5 * 60_000,
    }),
}

const callPath = (callId: string) => `/calls/${encodeURIComponent(callId)}`

export const saveOutcome = ({ callId, outcome }: { callId: string; outcome: string }) =>
  apiRequest(`${callPath(callId)}/outcome`, { ...onConsole, method: 'PUT', body: { outcome }, schema: z.unknown() })

export const saveNote = ({ callId, note }: { callId: string; note: string }) =>
  apiRequest(`${callPath(callId)}/note`, { ...onConsole, method: 'PUT', body: { note }, schema: z.unknown() })
