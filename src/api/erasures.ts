// Erasure of a number and subject access (issue 52, admins): past erasures, an erasure, and the export of what the
// console holds about a number as a JSON download. Loaded with the Erasure page only.
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './client'
import { CONSOLE_PREFIX } from './contract/console-schemas'
import { ERASURES_PATH, erasureAnswer, erasuresPage, SUBJECT_ACCESS_PATH } from './contract/erasure-schemas'
import { apiDownload } from './download'

export const erasureQueries = {
  all: () => ['erasures'] as const,
  list: () =>
    queryOptions({
      queryKey: [...erasureQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => apiRequest(ERASURES_PATH, { prefix: CONSOLE_PREFIX, schema: erasuresPage, signal }),
    }),
}

export interface ErasureRequest {
  phone_number: string
  region?: string
  reason: string
}

export const eraseNumber = (request: ErasureRequest) =>
  apiRequest(ERASURES_PATH, { prefix: CONSOLE_PREFIX, method: 'POST', body: request, schema: erasureAnswer })

/** The export as the console wrote it (a Blob to save), or the console's refusal as an ApiError. */
export async function subjectAccessExport(number: { phone_number: string; region?: string }): Promise<Blob> {
  const response = await apiDownload(SUBJECT_ACCESS_PATH, {
    prefix: CONSOLE_PREFIX,
    query: { phone_number: number.phone_number, region: number.region },
    signal: new AbortController().signal,
  })
  return response.blob()
}
