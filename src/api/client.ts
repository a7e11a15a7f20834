// The thin fetch client: the only code in the SPA that speaks HTTP.
import type * as z from 'zod/mini'
import { abortableSleep } from '@/lib/abortable-sleep'
import { untilAborted } from '@/lib/until-aborted'
import { backoffMs } from './backoff'
import { CSRF_HEADER, CSRF_HEADER_VALUE, UPSTREAM_KEY_REFUSED } from './contract/console-schemas'
import { parseRetryAfter } from './contract/retry-after'
import { API_PREFIX, type ProblemDetails, problemDetails } from './contract/schemas'
import { BROWSER_TIMEOUT_MS } from './contract/time-limits'
import { rateLimitGate, STATUSES_THAT_HOLD_EVERY_REQUEST } from './rate-limit-gate'
import { serviceReach } from './service-reach'

/** Longer than the console's own limit on the voice service, so its 504 (in words) arrives first. */
const DEFAULT_TIMEOUT_MS = BROWSER_TIMEOUT_MS

type ApiErrorKind = 'http' | 'network' | 'timeout' | 'invalid-response'

/** One error type for every failure, so pages and the query client read one shape. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind
  readonly status: number
  readonly problem: ProblemDetails | null
  /** Milliseconds to wait before retrying, from the Retry-After header. */
  readonly retryAfterMs: number | null

  constructor(init: {
    kind: ApiErrorKind
    message: string
    status?: number
    problem?: ProblemDetails | null
    retryAfterMs?: number | null
    cause?: unknown
  }) {
    super(init.message, { cause: init.cause })
    this.name = 'ApiError'
    this.kind = init.kind
    this.status = init.status ?? 0
    this.problem = init.problem ?? null
    this.retryAfterMs = init.retryAfterMs ?? null
  }

  /** Field-level messages from problem+json `errors[]`, keyed by field name. */
  get fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {}
    for (const e of this.problem?.errors ?? []) out[e.field] ??= e.message
    return out
  }

  /** Worth retrying the same request: network trouble, timeouts, 5xx (but a refused key), 408 and 429. */
  get isTransient(): boolean {
    if (this.kind === 'network' || this.kind === 'timeout') return true
    if (this.problem?.type === UPSTREAM_KEY_REFUSED) return false
    return this.status === 408 || this.status === 429 || this.status >= 500
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** The voice API by default; the console's own API (sign-in, session) names its prefix. */
  prefix?: string
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | undefined>
  body?: unknown
  headers?: Record<string, string>
  schema: z.ZodMiniType<T>
  signal?: AbortSignal
  timeoutMs?: number
}

export function apiUrl(path: string, query?: RequestOptions<unknown>['query'], prefix = API_PREFIX): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value))
  }
  const search = params.toString()
  return `${prefix}${path}${search ? `?${search}` : ''}`
}

/**
 * A read refused with 429 is sent again, this many times, before its 429 is the answer. A busy account is
 * not a failure, and the service says when to come back: waiting here keeps a query's retries for
 * failures (5xx, network), as a submission counts its 429s apart (idempotent-submit.ts).
 */
export const MAX_RATE_LIMIT_WAITS = 8

export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { method = 'GET', schema } = options
  let response = await send(path, options)
  for (let waits = 0; method === 'GET' && response.status === 429 && waits < MAX_RATE_LIMIT_WAITS; waits++) {
    void response.body?.cancel()
    await waitToResend(response, waits, options)
    response = await send(path, options)
  }

  if (!response.ok) {
    const error = await errorFromResponse(response)
    if (isGated(options) && response.status >= 500) serviceReach.sawFailure(error.message)
    throw error
  }

  let json: unknown
  try {
    json = response.status === 204 ? undefined : await response.json()
  } catch (cause) {
    throw new ApiError({
      kind: 'invalid-response',
      status: response.status,
      message: 'The service sent a response that is not valid JSON.',
      cause,
    })
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    const first = parsed.error.issues[0]
    throw new ApiError({
      kind: 'invalid-response',
      status: response.status,
      message: `The service sent an unexpected response${first ? ` (${first.path.join('.') || 'body'}: ${first.message})` : ''}.`,
      cause: parsed.error,
    })
  }
  return parsed.data
}

/** One send: after the gate (for the voice API), with its own time limit; a failure to get any answer thrown. */
async function send(path: string, options: RequestOptions<unknown>): Promise<Response> {
  const { method = 'GET', body, signal, timeoutMs = DEFAULT_TIMEOUT_MS } = options
  // The gate speaks for the voice service's limit; the console's own API (sign-in) is not under it.
  const gated = isGated(options)
  if (gated) await rateLimitGate.wait(signal)
  // The session cookie goes with every same-origin request; the header tells the console it is us.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [CSRF_HEADER]: CSRF_HEADER_VALUE,
    ...options.headers,
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  // Started after the wait: the service is given its full time once the request is actually sent.
  const timeout = AbortSignal.timeout(timeoutMs)
  const sent = fetch(apiUrl(path, options.query, options.prefix), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    // A voice API request runs to its answer even when its caller stops waiting (a page left mid-request):
    // a 429 that arrives then still speaks for every later request, and a cancelled fetch would hide it.
    signal: gated || !signal ? timeout : AbortSignal.any([signal, timeout]),
  })
  if (gated) {
    void sent.then((answer) => {
      holdIfAsked(answer)
      if (signal?.aborted) void answer.body?.cancel()
    }, ignore)
  }
  // Every voice API send tells whether the service answers (service-reach.ts): a 5xx, or no answer, is down.
  try {
    const response = await untilAborted(sent, signal)
    if (gated && response.status < 500) serviceReach.sawAnswer()
    return response
  } catch (cause) {
    if (signal?.aborted) throw cause
    const error = timeout.aborted
      ? new ApiError({
          kind: 'timeout',
          message: `The service did not answer within ${Math.round(timeoutMs / 1000)} seconds.`,
          cause,
        })
      : new ApiError({
          kind: 'network',
          message: 'Could not reach the service. Check your connection and try again.',
          cause,
        })
    if (gated) serviceReach.sawFailure(error.message)
    throw error
  }
}

const isGated = (options: RequestOptions<unknown>) => (options.prefix ?? API_PREFIX) === API_PREFIX

/**
 * Until a refused read may go again: its Retry-After, else the backoff. The voice API's wait holds every
 * request of the tab (the gate, which the next send waits at); the console's own limits are per feature, so
 * only this read waits.
 */
async function waitToResend(refused: Response, waits: number, options: RequestOptions<unknown>) {
  const waitMs = parseRetryAfter(refused.headers.get('Retry-After')) ?? backoffMs(waits)
  if (isGated(options)) rateLimitGate.hold(waitMs)
  else await abortableSleep(waitMs, options.signal)
}

/** A 429 or 503 with Retry-After holds every voice API request, before anyone reads its body. */
function holdIfAsked(response: Response) {
  if (!STATUSES_THAT_HOLD_EVERY_REQUEST.has(response.status)) return
  const retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'))
  if (retryAfterMs !== null) rateLimitGate.hold(retryAfterMs)
}

function ignore() {}

export async function errorFromResponse(
  response: Response,
  retryAfterMs = parseRetryAfter(response.headers.get('Retry-After')),
): Promise<ApiError> {
  const text = await response.text().catch(() => '')
  let problem: ProblemDetails | null = null
  try {
    const parsed = problemDetails.safeParse(JSON.parse(text))
    if (parsed.success) problem = parsed.data
  } catch {
    // Not JSON (a proxy's HTML error page, say): fall back to the status line.
  }
  // A 429 from a service that sends no problem body still says what it means.
  const fallback =
    response.status === 429
      ? 'The voice service asked us to slow down (too many requests).'
      : `The service answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`
  return new ApiError({
    kind: 'http',
    status: response.status,
    problem,
    retryAfterMs,
    message: problem?.detail ?? problem?.title ?? fallback,
  })
}
