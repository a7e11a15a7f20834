// Query and mutation options for caller IDs: the one place that names their keys.
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './client'
import { listCallerIdsResponse, type StartVerificationRequest, startVerificationResponse } from './contract/schemas'

export const callerIdQueries = {
  all: () => ['caller-ids'] as const,
  list: () =>
    queryOptions({
      queryKey: [...callerIdQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => apiRequest('/caller-ids', { schema: listCallerIdsResponse, signal }),
    }),
}

export function startVerification(body: StartVerificationRequest, idempotencyKey: string, signal?: AbortSignal) {
  return apiRequest('/caller-ids', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: startVerificationResponse,
    signal,
  })
}
