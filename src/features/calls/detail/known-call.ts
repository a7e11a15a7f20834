// What this tab knows of a call without its own reads, for a call the service answers 404 for (call-not-found.tsx).
import type { QueryClient } from '@tanstack/react-query'
import { callQueries } from '@/api/calls'
import type { CallListItem } from '@/api/contract/schemas'

export type KnownCall = Pick<CallListItem, 'call_id' | 'caller_id' | 'destination' | 'created_at'> & { status?: string }

/** What this tab knows of a call without its own reads: its detail, else its row in a list read before. */
export function knownCall(queryClient: QueryClient, callId: string): KnownCall | null {
  const detail = queryClient.getQueryData(callQueries.detail(callId).queryKey)
  if (detail) return detail.call
  for (const [, list] of queryClient.getQueriesData<{ calls: CallListItem[] }>({ queryKey: callQueries.lists() })) {
    const row = list?.calls?.find((call) => call.call_id === callId)
    if (row) return row
  }
  return null
}
