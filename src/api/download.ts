// A download from the console, apart from client.ts: only the export reads one, so it loads with the export, not
// with every page's first JavaScript.
import { ApiError, apiUrl, errorFromResponse, type RequestOptions } from './client'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from './contract/console-schemas'
import { parseRetryAfter } from './contract/retry-after'

/**
 * A download from the console (a CSV export): the response, once its head says it succeeded, for the
 * caller to read as a stream; a failure as the one ApiError. No timeout: a large export takes a while,
 * and the person can cancel it (`signal`).
 */
export async function apiDownload(
  path: string,
  options: { prefix: string; query?: RequestOptions<unknown>['query']; signal: AbortSignal },
): Promise<Response> {
  let response: Response
  try {
    response = await fetch(apiUrl(path, options.query, options.prefix), {
      headers: { Accept: 'text/csv', [CSRF_HEADER]: CSRF_HEADER_VALUE },
      signal: options.signal,
    })
  } catch (cause) {
    if (options.signal.aborted) throw cause
    throw new ApiError({
      kind: 'network',
      message: 'Could not reach the console. Check your connection and try again.',
      cause,
    })
  }
  if (!response.ok) throw await errorFromResponse(response, parseRetryAfter(response.headers.get('Retry-After')))
  return response
}
