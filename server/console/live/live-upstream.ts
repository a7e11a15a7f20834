// The hub's own requests to the voice API, with the server's key (it never reaches a browser):
// a call's status and pages of the call list, each answer parsed against the contract.
import type * as z from 'zod/mini'
import { parseRetryAfter } from '../../../src/api/contract/retry-after'
import {
  API_PREFIX,
  type CallStatus,
  type CallStatusResponse,
  callStatusResponse,
  type ListCallsResponse,
  listCallsResponse,
} from '../../../src/api/contract/schemas'
import { upstreamBase } from '../proxy/voice-proxy'

export type UpstreamAnswer<T> =
  | { kind: 'ok'; body: T }
  | { kind: 'rate-limited'; retryAfterMs: number }
  | { kind: 'not-found' }
  | { kind: 'failed'; reason: string }

export interface LiveUpstream {
  callStatus(callId: string): Promise<UpstreamAnswer<CallStatusResponse>>
  /** A page of calls in one status created since `fromDate`, newest first; the first page without a cursor. */
  callsIn(status: CallStatus, fromDate: Date, cursor?: string | null): Promise<UpstreamAnswer<ListCallsResponse>>
  /** Aborts every request under way (the console is closing). */
  close(): void
}

// When a 429 names no usable Retry-After; and the longest wait a header may ask of us.
const DEFAULT_RETRY_AFTER_MS = 5_000
const MAX_RETRY_AFTER_MS = 10 * 60_000
// The spec's largest limit: the fewest requests for a count of many calls.
const LIST_PAGE = 100

export interface UpstreamOptions {
  upstream: string
  apiKey: string
  timeoutMs?: number
  /** Told of each answer's status (null: none came), for the console's metrics. */
  onAnswer?: (status: number | null) => void
}

/** A GET of the voice API with the server's key, its answer parsed against the contract; shared with the call index. */
export function createUpstreamGet(options: UpstreamOptions) {
  const base = `${upstreamBase(options.upstream)}${API_PREFIX}`
  const timeoutMs = options.timeoutMs ?? 10_000
  const closing = new AbortController()

  async function get<T>(path: string, schema: z.ZodMiniType<T>): Promise<UpstreamAnswer<T>> {
    let response: Response
    try {
      response = await fetch(`${base}${path}`, {
        headers: { authorization: `Bearer ${options.apiKey}`, accept: 'application/json' },
        signal: AbortSignal.any([closing.signal, AbortSignal.timeout(timeoutMs)]),
      })
    } catch (error) {
      options.onAnswer?.(null)
      return { kind: 'failed', reason: (error as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable' }
    }
    options.onAnswer?.(response.status)
    if (response.status === 429) {
      await response.body?.cancel()
      return { kind: 'rate-limited', retryAfterMs: retryAfterMs(response.headers.get('retry-after'), Date.now()) }
    }
    if (response.status === 404) {
      await response.body?.cancel()
      return { kind: 'not-found' }
    }
    const parsed = schema.safeParse(await response.json().catch(() => null))
    if (!response.ok || !parsed.success) return { kind: 'failed', reason: `answered ${response.status}` }
    return { kind: 'ok', body: parsed.data }
  }

  return { get, close: () => closing.abort() }
}

export function createLiveUpstream(options: UpstreamOptions): LiveUpstream {
  const { get, close } = createUpstreamGet(options)
  return {
    callStatus: (callId) => get(`/calls/${encodeURIComponent(callId)}/status`, callStatusResponse),
    callsIn: (status, fromDate, cursor) => {
      const query = new URLSearchParams({ status, from_date: fromDate.toISOString(), limit: String(LIST_PAGE) })
      if (cursor) query.set('cursor', cursor)
      return get(`/calls?${query}`, listCallsResponse)
    },
    close,
  }
}

/** Retry-After as the dashboard reads it, with a default when unreadable and a ceiling on the wait. */
export function retryAfterMs(header: string | null, now: number): number {
  return Math.min(MAX_RETRY_AFTER_MS, parseRetryAfter(header, now) ?? DEFAULT_RETRY_AFTER_MS)
}
