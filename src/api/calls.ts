// Query and mutation options for calls: the one place that names their keys.
import { queryOptions, replaceEqualDeep } from '@tanstack/react-query'
import { callDetailRead } from './call-detail-read'
import { apiRequest } from './client'
import { RECORDING_CONSENT_CONFIRMED, RECORDING_CONSENT_HEADER } from './contract/console-schemas'
import {
  type CallStatusResponse,
  type CreateCallRequest,
  callRecordings,
  callStatusResponse,
  createCallResponse,
  type ListCallsQuery,
  listCallsResponse,
} from './contract/schemas'

export const callQueries = {
  all: () => ['calls'] as const,
  lists: () => [...callQueries.all(), 'list'] as const,
  list: (query: ListCallsQuery) =>
    queryOptions({
      queryKey: [...callQueries.lists(), query] as const,
      queryFn: ({ signal }) => apiRequest('/calls', { query: { ...query }, schema: listCallsResponse, signal }),
    }),
  details: () => [...callQueries.all(), 'detail'] as const,
  detail: (callId: string) =>
    queryOptions({
      queryKey: [...callQueries.details(), callId] as const,
      queryFn: ({ signal }) => apiRequest(`/calls/${encodeURIComponent(callId)}`, { schema: callDetailRead, signal }),
    }),
  status: (callId: string) =>
    queryOptions({
      queryKey: [...callQueries.detail(callId).queryKey, 'status'] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/calls/${encodeURIComponent(callId)}/status`, { schema: callStatusResponse, signal }),
      // The live stream writes pushed statuses here too, and a poll sent before a pushed change may answer
      // after it: the cache keeps the newer of the two.
      structuralSharing: (cached, answer) => {
        const [older, newer] = [cached as CallStatusResponse | undefined, answer as CallStatusResponse]
        return older && Date.parse(older.updated_at ?? '') > Date.parse(newer.updated_at ?? '')
          ? older
          : replaceEqualDeep(older, newer)
      },
    }),
  recordings: (callId: string) =>
    queryOptions({
      queryKey: [...callQueries.detail(callId).queryKey, 'recordings'] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/calls/${encodeURIComponent(callId)}/recordings`, { schema: callRecordings, signal }),
    }),
}

/**
 * Places a call. The caller passes one Idempotency-Key per submission and
 * reuses it for every retry of that submission, so the service places the
 * call exactly once however often the request is sent.
 */
/** `recordingConsent`: the agent confirmed the callee agreed to be recorded (asked in some countries). */
export function createCall(
  body: CreateCallRequest,
  idempotencyKey: string,
  signal?: AbortSignal,
  recordingConsent = false,
) {
  return apiRequest('/calls', {
    method: 'POST',
    body,
    headers: {
      'Idempotency-Key': idempotencyKey,
      ...(recordingConsent ? { [RECORDING_CONSENT_HEADER]: RECORDING_CONSENT_CONFIRMED } : {}),
    },
    schema: createCallResponse,
    signal,
  })
}
