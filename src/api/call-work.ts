// What follows a call (issue 51): a call's outcome and note, on the console (the kinds: outcome-kinds.ts).
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './client'
import { callWork, callWorkPaths } from './contract/call-work-schemas'
import { CONSOLE_PREFIX } from './contract/console-schemas'

const onConsole = { prefix: CONSOLE_PREFIX }

export const callWorkQueries = {
  all: () => ['call-work'] as const,
  detail: (callId: string) =>
    queryOptions({
      queryKey: [...callWorkQueries.all(), callId] as const,
      queryFn: ({ signal }) => apiRequest(callWorkPaths(callId).work, { ...onConsole, schema: callWork, signal }),
    }),
}

/** `addToDoNotCall`: the person confirmed the callee asked never to be called (with "Do not call again" only). */
export const saveOutcome = ({
  callId,
  outcome,
  addToDoNotCall,
}: {
  callId: string
  outcome: string
  addToDoNotCall?: boolean
}) =>
  apiRequest(callWorkPaths(callId).outcome, {
    ...onConsole,
    method: 'PUT',
    body: addToDoNotCall ? { outcome, add_to_do_not_call: true } : { outcome },
    schema: callWork,
  })

/** `baseVersion`: the note's version the text was written over (null: none); the console refuses it if it moved on. */
export const saveNote = ({ callId, note, baseVersion }: { callId: string; note: string; baseVersion: number | null }) =>
  apiRequest(callWorkPaths(callId).note, {
    ...onConsole,
    method: 'PUT',
    body: { note, base_version: baseVersion },
    schema: callWork,
  })
