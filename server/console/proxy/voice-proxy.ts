// The voice API proxy: forwards one operation that the console has already matched and
// authorised (see operations.ts) to the upstream with the server's key, so the key stays
// here and the real service needs no CORS. Recording downloads go to storage, keyless.

import { problem } from '../http/problem'
import type { Operation } from '../operations'

export interface VoiceProxyOptions {
  /** Base URL of the voice API, e.g. http://127.0.0.1:8787. */
  upstream: string
  /** Sent as `Authorization: Bearer <key>`; the browser's own header never passes. */
  apiKey: string | null
  /** Where /storage/* recordings are fetched from; defaults to the upstream. */
  storageUpstream?: string
  /** Upstream timeout for the response headers; bodies (a long recording) stream without one. */
  timeoutMs?: number
}

export type VoiceProxy = (request: Request, operation: Operation) => Promise<Response>

// Request headers worth passing on; everything else (cookies, the browser's Authorization) stays here.
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'idempotency-key',
  'if-modified-since',
  'if-none-match',
  'if-range',
  'range',
]

// Response headers the browser may see: an upstream's CORS, Server or cookies never reach it.
const FORWARDED_RESPONSE_HEADERS = [
  'accept-ranges',
  'content-length',
  'content-range',
  'content-type',
  'etag',
  'idempotent-replayed',
  'last-modified',
  'retry-after',
]

export function upstreamBase(base: string): string {
  const url = new URL(base)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`Upstream must be http(s): ${base}`)
  return url.href.replace(/\/+$/, '')
}

export function createVoiceProxy(options: VoiceProxyOptions): VoiceProxy {
  const upstream = upstreamBase(options.upstream)
  const storageUpstream = upstreamBase(options.storageUpstream ?? options.upstream)
  const apiKey = options.apiKey?.trim() || null
  const timeoutMs = options.timeoutMs ?? 30_000

  return async (request, operation) => {
    if (!operation.storage && !apiKey) {
      return problem(
        503,
        'Voice service not configured',
        'The console has no API key for the voice service yet. An admin sets VOICE_API_KEY (or VOICE_API_KEY_FILE) on the server.',
      )
    }
    const url = new URL(request.url)
    const headers = new Headers()
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers.get(name)
      if (value !== null) headers.set(name, value)
    }
    if (!operation.storage && apiKey) headers.set('authorization', `Bearer ${apiKey}`)
    // Identity keeps bytes, Content-Length and Range offsets as the upstream sent them.
    headers.set('accept-encoding', 'identity')

    const target = `${operation.storage ? storageUpstream : upstream}${url.pathname}${url.search}`
    const hasBody = request.method === 'POST'
    const headersTimeout = new AbortController()
    const timer = setTimeout(() => headersTimeout.abort(), timeoutMs)
    let upstreamResponse: Response
    try {
      upstreamResponse = await fetch(target, {
        method: request.method,
        headers,
        body: hasBody ? await request.arrayBuffer() : undefined,
        redirect: 'manual',
        signal: AbortSignal.any([request.signal, headersTimeout.signal]),
      })
    } catch {
      if (headersTimeout.signal.aborted) {
        return problem(504, 'Gateway timeout', 'The voice service did not answer in time. Try again shortly.')
      }
      return problem(502, 'Bad gateway', 'The voice service could not be reached. Try again shortly.')
    } finally {
      // Only the wait for headers is timed: the body of a long recording may take its time.
      clearTimeout(timer)
    }

    const responseHeaders = new Headers({ 'Cache-Control': 'no-store' })
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = upstreamResponse.headers.get(name)
      if (value !== null) responseHeaders.set(name, value)
    }
    return new Response(endQuietlyWhenClientLeaves(upstreamResponse.body, request.signal), {
      status: upstreamResponse.status,
      statusText: upstreamResponse.statusText,
      headers: responseHeaders,
    })
  }
}

/**
 * The upstream body, ended instead of errored once the browser has gone away. Chromium cancels media
 * requests as a matter of course (it reads a recording's header, then asks for ranges); the aborted
 * upstream read would otherwise reach the HTTP server as an error and be logged as one.
 */
function endQuietlyWhenClientLeaves(
  body: ReadableStream<Uint8Array> | null,
  clientSignal: AbortSignal,
): ReadableStream<Uint8Array> | null {
  if (!body) return null
  const reader = body.getReader()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read()
        if (done) controller.close()
        else controller.enqueue(value)
      } catch (error) {
        if (clientSignal.aborted) controller.close()
        else controller.error(error)
      }
    },
    cancel: (reason) => reader.cancel(reason),
  })
}
