// The console's own GETs of the voice API, with the server's key (it never reaches a browser): the live hub's
// status and list reads, the call index's pages and details, the usage alerts', each answer parsed against the
// contract. They go out on the same kept-alive sockets as the proxied reads (api-exchange.ts), not on node's
// fetch: a second HTTP client in the process (node's bundled undici, its HTTP parser compiled a second time) held
// about 4 MB of the console's idle memory (bench:memory, 2026-11-28: 94 MB idle before, 89 and 90 after).
import { setMaxListeners } from 'node:events'
import type * as z from 'zod/mini'
import { parseRetryAfter } from '../../../src/api/contract/retry-after'
import { API_PREFIX } from '../../../src/api/contract/schemas'
import { AnswerUndecodable, RedirectRefused, readAnswer } from './api-answer'
import {
  AnswerCut,
  type AnswerHead,
  AnswerTooLarge,
  apiTarget,
  BodyTimeout,
  type Exchanged,
  HeadersTimeout,
  headerText,
} from './api-exchange'
import { upstreamBase } from './voice-proxy'

export type UpstreamAnswer<T> =
  | { kind: 'ok'; body: T }
  | { kind: 'rate-limited'; retryAfterMs: number }
  | { kind: 'not-found' }
  | { kind: 'failed'; reason: string }

export interface UpstreamOptions {
  upstream: string
  apiKey: string
  timeoutMs?: number
  /** Told of each answer's status (null: none came), for the console's metrics. */
  onAnswer?: (status: number | null) => void
}

/**
 * A failed read's reason when the upstream refuses the console's key: nothing works until an admin changes it. Only a
 * 401 says so; a 403 refuses the request, not the key (upstream-problem.ts states the rule).
 */
export const keyRefused = (reason: string) => reason === 'answered 401'

// When a 429 names no usable Retry-After; and the longest wait a header may ask of us.
const DEFAULT_RETRY_AFTER_MS = 5_000
const MAX_RETRY_AFTER_MS = 10 * 60_000

/** Retry-After as the dashboard reads it, with a default when unreadable and a ceiling on the wait. */
export function retryAfterMs(header: string | null | undefined, now: number): number {
  return Math.min(MAX_RETRY_AFTER_MS, parseRetryAfter(header ?? null, now) ?? DEFAULT_RETRY_AFTER_MS)
}

// As a browser's fetch reads JSON: UTF-8, a leading byte order mark dropped; anything unreadable is null.
const utf8 = new TextDecoder()
function jsonOf(body: Buffer): unknown {
  try {
    return JSON.parse(utf8.decode(body))
  } catch {
    return null
  }
}

/** A GET of the voice API with the server's key, its answer parsed against the contract. */
export function createUpstreamGet(options: UpstreamOptions) {
  const target = apiTarget(upstreamBase(options.upstream))
  const headers = [
    'authorization',
    `Bearer ${options.apiKey}`,
    'accept',
    'application/json',
    'accept-encoding',
    'identity',
  ]
  const timeoutMs = options.timeoutMs ?? 10_000
  const closing = new AbortController()
  // Every read under way listens to it, and stops once settled (api-exchange.ts): as many as run at once. Past
  // Node's default of 10 (the index's detail reads, the live hub's polls) Node printed a false "possible memory
  // leak" warning to stderr, a plain-text line among the JSON log's.
  setMaxListeners(0, closing.signal)
  const heard = (response: AnswerHead) => options.onAnswer?.(response.statusCode)

  async function get<T>(path: string, schema: z.ZodMiniType<T>): Promise<UpstreamAnswer<T>> {
    let exchanged: Exchanged
    try {
      exchanged = await readAnswer(
        target,
        'GET',
        `${API_PREFIX}${path}`,
        headers,
        undefined,
        timeoutMs,
        heard,
        closing.signal,
      )
    } catch (error) {
      if (error instanceof AnswerCut) return { kind: 'failed', reason: 'ended its answer early' }
      if (error instanceof RedirectRefused) return { kind: 'failed', reason: `redirected (${error.why})` }
      if (error instanceof AnswerTooLarge) return { kind: 'failed', reason: 'answered too much' }
      if (error instanceof AnswerUndecodable) return { kind: 'failed', reason: 'answered in an unknown encoding' }
      // An answer whose body came late was counted when its headers came.
      if (error instanceof BodyTimeout) return { kind: 'failed', reason: 'timeout' }
      options.onAnswer?.(null)
      return { kind: 'failed', reason: error instanceof HeadersTimeout ? 'timeout' : 'unreachable' }
    }
    const { statusCode, headers: answerHeaders } = exchanged.response
    if (statusCode === 429) {
      return { kind: 'rate-limited', retryAfterMs: retryAfterMs(headerText(answerHeaders['retry-after']), Date.now()) }
    }
    if (statusCode === 404) return { kind: 'not-found' }
    const parsed = schema.safeParse(jsonOf(exchanged.body))
    if (statusCode < 200 || statusCode > 299 || !parsed.success)
      return { kind: 'failed', reason: `answered ${statusCode}` }
    return { kind: 'ok', body: parsed.data }
  }

  return { get, close: () => closing.abort() }
}
