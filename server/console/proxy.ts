// The same-origin proxy: the browser calls /api/v1/voice/* on its own origin,
// and this forwards to the configured upstream with the server-side API key,
// so the key can stay on the server and the real service needs no CORS.
// It forwards only the voice API and recording downloads: never an open proxy.

export const API_PATH_PREFIX = '/api/v1/voice'
export const STORAGE_PATH_PREFIX = '/storage/'

export interface VoiceProxyOptions {
  /** Base URL of the voice API, e.g. http://127.0.0.1:8787. */
  upstream: string
  /** Sent as `Authorization: Bearer <key>` when the browser sends none. */
  apiKey?: string | null
  /** Where /storage/* recordings are fetched from; defaults to the upstream. */
  storageUpstream?: string
  /** Upstream timeout for the response headers; bodies stream without one. */
  timeoutMs?: number
}

export type FetchHandler = (request: Request) => Promise<Response>

// Request headers worth passing on; everything else (cookies, hop-by-hop) stays here.
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'authorization',
  'content-type',
  'idempotency-key',
  'if-modified-since',
  'if-none-match',
  'if-range',
  'range',
]

// Hop-by-hop headers (RFC 9110 §7.6.1) and cookies never cross the proxy.
const DROPPED_RESPONSE_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'set-cookie',
  'content-encoding',
])

/** True for the paths this proxy forwards; everything else belongs to the app. */
export function isProxiedPath(pathname: string): boolean {
  return (
    pathname === API_PATH_PREFIX ||
    pathname.startsWith(`${API_PATH_PREFIX}/`) ||
    pathname.startsWith(STORAGE_PATH_PREFIX)
  )
}

function problem(status: number, title: string, detail: string): Response {
  return new Response(JSON.stringify({ type: 'about:blank', title, status, detail }), {
    status,
    headers: { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store' },
  })
}

function normalizeHost(protocol: string, host: string): string {
  try {
    return new URL(`${protocol}//${host}`).host
  } catch {
    return ''
  }
}

function trimBase(base: string): string {
  const url = new URL(base)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`Upstream must be http(s): ${base}`)
  return url.href.replace(/\/+$/, '')
}

export function createVoiceProxy(options: VoiceProxyOptions): FetchHandler {
  const upstream = trimBase(options.upstream)
  const storageUpstream = trimBase(options.storageUpstream ?? options.upstream)
  const apiKey = options.apiKey?.trim() || null
  const timeoutMs = options.timeoutMs ?? 30_000

  return async (request) => {
    const url = new URL(request.url)
    const host = request.headers.get('host')
    // An absolute-form request for another host would turn this into an open proxy.
    if (host && url.host !== normalizeHost(url.protocol, host)) {
      return problem(400, 'Bad request', 'This server only answers requests for its own host.')
    }
    // Encoded slashes or backslashes could climb out of the prefix upstream.
    if (/%2f|%5c|\\/i.test(url.pathname)) {
      return problem(400, 'Bad request', 'The request path contains characters that are not allowed.')
    }
    if (!isProxiedPath(url.pathname)) {
      return problem(404, 'Not found', 'This server forwards only /api/v1/voice/ and /storage/ requests.')
    }
    const isStorage = url.pathname.startsWith(STORAGE_PATH_PREFIX)
    const allowed = isStorage ? ['GET', 'HEAD'] : ['GET', 'HEAD', 'POST']
    if (!allowed.includes(request.method)) {
      const res = problem(405, 'Method not allowed', `${request.method} is not supported on ${url.pathname}.`)
      res.headers.set('Allow', allowed.join(', '))
      return res
    }

    const headers = new Headers()
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers.get(name)
      if (value !== null) headers.set(name, value)
    }
    // Recording links are signed: their signature authorises them, so no key ever goes with them.
    if (isStorage) headers.delete('authorization')
    else if (!headers.has('authorization') && apiKey) headers.set('authorization', `Bearer ${apiKey}`)
    // Ask for identity so bytes (and Content-Length, Range offsets) pass through unchanged.
    headers.set('accept-encoding', 'identity')

    const target = `${isStorage ? storageUpstream : upstream}${url.pathname}${url.search}`
    const hasBody = request.method === 'POST'
    const timeout = AbortSignal.timeout(timeoutMs)
    let upstreamResponse: Response
    try {
      upstreamResponse = await fetch(target, {
        method: request.method,
        headers,
        body: hasBody ? request.body : undefined,
        redirect: 'manual',
        signal: AbortSignal.any([request.signal, timeout]),
        // Streams the request body instead of buffering it (Node's fetch needs this).
        ...(hasBody ? { duplex: 'half' } : {}),
      } as RequestInit)
    } catch {
      if (timeout.aborted) {
        return problem(504, 'Gateway timeout', 'The voice service did not answer in time. Try again shortly.')
      }
      return problem(502, 'Bad gateway', 'The voice service could not be reached. Try again shortly.')
    }

    const responseHeaders = new Headers()
    upstreamResponse.headers.forEach((value, name) => {
      if (!DROPPED_RESPONSE_HEADERS.has(name)) responseHeaders.set(name, value)
    })
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
