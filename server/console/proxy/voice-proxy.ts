// The voice API proxy: forwards one operation that the console has already matched and
// authorised (see operations.ts) to the upstream with the server's key, so the key stays
// here and the real service needs no CORS. Recording downloads go to storage, keyless, and only to
// an origin the console serves (storage-origins.ts); a redirect is followed only within that origin.

import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import {
  DEFAULT_RECORDING_IDLE_MS,
  DEFAULT_UPSTREAM_TIMEOUT_MS,
  secondsText,
} from '../../../src/api/contract/time-limits'
import { knowSecret, redactSecretBytes, redactSecrets } from '../http/known-secrets'
import { guardedLookup } from '../http/private-address'
import { problem } from '../http/problem'
import type { Operation } from '../operations'
import { AnswerUndecodable, MAX_REDIRECTS, RedirectRefused, readAnswer } from './api-answer'
import {
  AnswerCut,
  type AnswerHead,
  AnswerTooLarge,
  apiTarget,
  BodyTimeout,
  HeadersTimeout,
  headerText,
  MAX_ANSWER_BYTES,
} from './api-exchange'
import { createStorageOrigins, type StorageOrigins } from './storage-origins'
import { MAX_STORAGE_ERROR_BYTES, storageProblem } from './storage-problem'
import { storageTarget } from './storage-target'
import { upstreamProblem } from './upstream-problem'

export interface VoiceProxyOptions {
  /** Base URL of the voice API, e.g. http://127.0.0.1:8787. */
  upstream: string
  /** Sent as `Authorization: Bearer <key>`; the browser's own header never passes. */
  apiKey: string | null
  /** Where /storage/* recordings are fetched from; defaults to the upstream. */
  storageUpstream?: string
  /**
   * The limit for an API operation's whole answer, headers and body (CONSOLE_UPSTREAM_TIMEOUT_MS), and for
   * a recording's headers: past it the browser gets a 504 problem instead of waiting for good.
   */
  timeoutMs?: number
  /** A recording streams for as long as it takes, but ends once no chunk has come for this long (CONSOLE_RECORDING_IDLE_MS). */
  recordingIdleMs?: number
  /** The origins /storage-proxy serves; the voice API's and the storage upstream's when not given. */
  storageOrigins?: StorageOrigins
  /** Told of each upstream answer's status (null: none came), for the console's metrics. */
  onAnswer?: (status: number | null) => void
}

export type VoiceProxy = ((request: Request, operation: Operation) => Promise<Response>) & {
  /** An API operation (never storage) read whole, for callers without a web Request (http/fast-reads.ts). */
  readApi: ReadApi
}

/** A request header by its lower-case name. */
type HeaderOf = (name: string) => string | null | undefined

/** What the browser gets for an API operation: the upstream's status, forwarded headers and bytes, or the console's problem. */
export type ApiAnswer =
  | { status: number; statusText: string | undefined; headers: Record<string, string>; body: Buffer }
  | { problem: Response }

export type ReadApi = (method: string, pathAndSearch: string, header: HeaderOf, body?: Buffer) => Promise<ApiAnswer>

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

// Storage may move a link within its own origin (a regional endpoint behind one name); a few hops, no more.
const MAX_STORAGE_REDIRECTS = 3
const REDIRECTS = new Set([301, 302, 303, 307, 308])

// A proxied file is served from the console's own origin: anything but audio goes out as bytes, so a storage
// host's HTML or script can never run as the console's (X-Content-Type-Options: nosniff is on every answer).
function servedContentType(type: string | undefined): string {
  return type && /^(audio\/[\w.+-]+|application\/octet-stream)\s*(;|$)/i.test(type) ? type : 'application/octet-stream'
}

// Recordings stream on node:http, whose answer is a stream the browser's download reads as it comes.
const agents = {
  'http:': new HttpAgent({ keepAlive: true, maxSockets: 256 }),
  'https:': new HttpsAgent({ keepAlive: true, maxSockets: 256 }),
}
// For an origin learnt from the service's answers: each new connection goes to an address the guard accepts, so a
// name that resolved to a public address at the check and resolves to the console's own network at the connect
// (DNS rebinding) is refused there too, as webhooks are.
const guardedAgents = {
  'http:': new HttpAgent({ keepAlive: true, maxSockets: 256, lookup: guardedLookup(false) }),
  'https:': new HttpsAgent({ keepAlive: true, maxSockets: 256, lookup: guardedLookup(false) }),
}

/** Sends to the storage host; `headers` as name, value… (node:http adds no Host to a list: it is added here). */
function send(
  target: URL,
  method: string,
  headers: string[],
  body: Buffer | undefined,
  timeoutMs: number,
  guarded = false,
) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const https = target.protocol === 'https:'
    const outgoing = (https ? httpsRequest : httpRequest)(target, {
      method,
      headers: ['host', target.host, ...headers],
      agent: (guarded ? guardedAgents : agents)[https ? 'https:' : 'http:'],
    })
    const timer = setTimeout(() => outgoing.destroy(new HeadersTimeout()), timeoutMs)
    outgoing.once('response', (response) => {
      clearTimeout(timer)
      resolve(response)
    })
    outgoing.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    outgoing.end(body)
  })
}

/** The console's problem for an answer it would not read as sent (api-answer.ts), or null for another error. */
function answerRefused(error: unknown): Response | null {
  if (error instanceof RedirectRefused) {
    const detail = {
      elsewhere: `The voice service redirected the request to ${error.origin}, another origin: the console sends its key only to the voice service's own origin. An admin checks VOICE_API_BASE_URL.`,
      'too-many': `The voice service redirected the request more than ${MAX_REDIRECTS} times. An admin checks VOICE_API_BASE_URL.`,
      nowhere: 'The voice service redirected the request without saying where. Try again shortly.',
      'not-a-read':
        'The voice service redirected a request that changes something; the console follows redirects only for reads, so nothing was sent again. An admin checks VOICE_API_BASE_URL.',
    }[error.why]
    return problem(502, 'Voice service redirected the request', detail)
  }
  if (error instanceof AnswerTooLarge) {
    return problem(
      502,
      'Voice service answer too large',
      `The voice service's answer is larger than the ${MAX_ANSWER_BYTES / 1024 / 1024} MiB the console reads.`,
    )
  }
  if (error instanceof AnswerUndecodable) {
    return problem(
      502,
      'Voice service answer unreadable',
      `The voice service compressed its answer as "${redactSecrets(error.encoding).slice(0, 40)}", which the console cannot decode (it reads gzip, deflate and br).`,
    )
  }
  return null
}

export function createVoiceProxy(options: VoiceProxyOptions): VoiceProxy {
  const upstream = upstreamBase(options.upstream)
  const storageUpstream = upstreamBase(options.storageUpstream ?? options.upstream)
  const storageOrigins =
    options.storageOrigins ??
    createStorageOrigins({ origins: [new URL(upstream).origin, new URL(storageUpstream).origin], learn: false })
  const apiKey = options.apiKey?.trim() || null
  // A proxy given a key (a test's, say, without config.ts) redacts it as well.
  knowSecret(apiKey)
  const timeoutMs = options.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS
  const recordingIdleMs = options.recordingIdleMs ?? DEFAULT_RECORDING_IDLE_MS
  const within = secondsText(timeoutMs)
  const observed = (...args: Parameters<typeof send>) =>
    send(...args).then(
      (response) => {
        options.onAnswer?.(response.statusCode ?? null)
        return response
      },
      (error: unknown) => {
        options.onAnswer?.(null)
        throw error
      },
    )

  // Only the browser's headers and the path differ between requests, added to `list` as name, value, name, value
  // (as node:http takes them). Identity keeps bytes, Content-Length and Range offsets as the upstream sent them.
  const withForwarded = (header: HeaderOf, list: string[]) => {
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = header(name)
      if (typeof value === 'string') list.push(name, value)
    }
    return list
  }
  const api = apiTarget(upstream)
  const apiHeaders = ['authorization', `Bearer ${apiKey}`, 'accept-encoding', 'identity']
  const apiRequestHeaders = (header: HeaderOf) => withForwarded(header, apiHeaders.slice())
  const heard = (response: AnswerHead) => options.onAnswer?.(response.statusCode)
  const answerHeaders = (upstreamResponse: Pick<IncomingMessage, 'headers'>) => {
    const headers: Record<string, string> = { 'cache-control': 'no-store' }
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = upstreamResponse.headers[name]
      if (typeof value === 'string') headers[name] = value
    }
    return headers
  }

  const readApi: ReadApi = async (method, pathAndSearch, header, body) => {
    if (!apiKey) {
      return {
        problem: problem(
          503,
          'Voice service not configured',
          'The console has no API key for the voice service yet. An admin sets VOICE_API_KEY (or VOICE_API_KEY_FILE) on the server.',
        ),
      }
    }
    // API answers are small JSON, read whole within the limit, so a body that never ends becomes a clean 504
    // and not a page loading for good.
    let exchanged: Awaited<ReturnType<typeof readAnswer>>
    try {
      exchanged = await readAnswer(api, method, pathAndSearch, apiRequestHeaders(header), body, timeoutMs, heard)
    } catch (error) {
      const refused = answerRefused(error)
      if (refused) return { problem: refused }
      if (error instanceof BodyTimeout) {
        return {
          problem: problem(
            504,
            'Gateway timeout',
            `The voice service did not finish its answer within ${within}. Try again shortly.`,
          ),
        }
      }
      if (error instanceof HeadersTimeout) {
        options.onAnswer?.(null)
        return {
          problem: problem(
            504,
            'Gateway timeout',
            `The voice service did not answer within ${within}. Try again shortly.`,
          ),
        }
      }
      if (error instanceof AnswerCut)
        return { problem: problem(502, 'Bad gateway', 'The voice service ended its answer early. Try again shortly.') }
      options.onAnswer?.(null)
      return { problem: problem(502, 'Bad gateway', 'The voice service could not be reached. Try again shortly.') }
    }
    const { response, body: bytes } = exchanged
    if (response.statusCode >= 400) {
      const refused = upstreamProblem({
        status: response.statusCode,
        statusText: response.statusMessage,
        contentType: headerText(response.headers['content-type']),
        retryAfter: headerText(response.headers['retry-after']),
        body: bytes,
      })
      if (refused) return { problem: refused }
    }
    // Whatever the service repeats of a secret (in a header, its reason phrase, its JSON) stays here.
    const headers = answerHeaders(response)
    for (const name in headers) headers[name] = redactSecrets(headers[name] as string)
    const sent = redactSecretBytes(bytes)
    // The length of what is sent: the service's was of bytes it compressed, or that held a secret.
    delete headers['content-length']
    if (response.statusCode !== 204 && response.statusCode !== 304) headers['content-length'] = String(sent.byteLength)
    return {
      status: response.statusCode,
      statusText: response.statusMessage === undefined ? undefined : redactSecrets(response.statusMessage),
      headers,
      body: sent,
    }
  }

  // Recordings stream (a long one must not sit in memory), redirects followed within their origin.
  const readRecording = async (request: Request, url: URL): Promise<Response> => {
    const resolved = await storageTarget(url, storageUpstream, storageOrigins)
    if ('refused' in resolved) return resolved.refused
    let target = resolved.target
    const headers = withForwarded((name) => request.headers.get(name), ['accept-encoding', 'identity'])
    let upstreamResponse: IncomingMessage
    try {
      const guarded = storageOrigins.guardsConnections(target.origin)
      upstreamResponse = await observed(target, request.method, headers, undefined, timeoutMs, guarded)
      for (let hop = 0; REDIRECTS.has(upstreamResponse.statusCode ?? 0); hop++) {
        const location = upstreamResponse.headers.location
        upstreamResponse.resume()
        const next = location ? new URL(location, target) : null
        if (!next || next.origin !== target.origin || hop === MAX_STORAGE_REDIRECTS) {
          return problem(
            502,
            'Recording moved elsewhere',
            next && next.origin !== target.origin
              ? `The storage host sent the recording on to ${next.origin}, another origin; the console does not follow it there.`
              : `The storage host redirected the recording ${next ? 'too many times' : 'without saying where'}. Try again shortly.`,
          )
        }
        target = next
        upstreamResponse = await observed(target, request.method, headers, undefined, timeoutMs, guarded)
      }
    } catch (error) {
      if (error instanceof HeadersTimeout) {
        return problem(
          504,
          'Gateway timeout',
          `The storage host of the recording did not answer within ${within}. Try again shortly.`,
        )
      }
      return problem(502, 'Bad gateway', 'The storage host of the recording could not be reached. Try again shortly.')
    }
    if ((upstreamResponse.statusCode ?? 502) >= 400) {
      return storageProblem({
        status: upstreamResponse.statusCode ?? 502,
        statusText: upstreamResponse.statusMessage,
        contentType: headerText(upstreamResponse.headers['content-type']),
        retryAfter: undefined,
        body: await errorBody(upstreamResponse),
      })
    }
    const responseHeaders = answerHeaders(upstreamResponse)
    for (const name in responseHeaders) responseHeaders[name] = redactSecrets(responseHeaders[name] as string)
    responseHeaders['content-type'] = servedContentType(upstreamResponse.headers['content-type'])
    return new Response(streamUntilClientLeaves(upstreamResponse, request.signal, recordingIdleMs), {
      status: upstreamResponse.statusCode ?? 502,
      statusText: upstreamResponse.statusMessage,
      headers: responseHeaders,
    })
  }

  const proxy = async (request: Request, operation: Operation): Promise<Response> => {
    const url = new URL(request.url)
    if (operation.storage) return readRecording(request, url)
    const body = request.method === 'POST' ? Buffer.from(await request.arrayBuffer()) : undefined
    const answer = await readApi(
      request.method,
      `${url.pathname}${url.search}`,
      (name) => request.headers.get(name),
      body,
    )
    if ('problem' in answer) return answer.problem
    const { status, statusText, headers, body: bytes } = answer
    return new Response(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), {
      status,
      statusText,
      headers,
    })
  }
  return Object.assign(proxy, { readApi })
}

/** The start of an error's body (its sentence is at the start), within the response timeout's reach of a slow host. */
function errorBody(response: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let bytes = 0
    const done = () => {
      response.destroy()
      resolve(Buffer.concat(chunks))
    }
    const timer = setTimeout(done, ERROR_BODY_WAIT_MS)
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      bytes += chunk.byteLength
      if (bytes >= MAX_STORAGE_ERROR_BYTES) {
        clearTimeout(timer)
        done()
      }
    })
    response.once('end', () => {
      clearTimeout(timer)
      resolve(Buffer.concat(chunks))
    })
    response.once('error', () => {
      clearTimeout(timer)
      resolve(Buffer.concat(chunks))
    })
  })
}

// An error page that trickles is not waited for: its status is answer enough.
const ERROR_BODY_WAIT_MS = 2_000

/**
 * The upstream body as a web stream, ended instead of errored once the browser has gone away. Chromium
 * cancels media requests as a matter of course (it reads a recording's header, then asks for ranges);
 * the aborted upstream read would otherwise reach the HTTP server as an error and be logged as one.
 * An upstream that sends nothing for `idleMs` while the browser is reading is cut off, so a stalled
 * recording ends in an error the player shows rather than a download that never finishes.
 */
function streamUntilClientLeaves(
  response: IncomingMessage,
  clientSignal: AbortSignal,
  idleMs: number,
): ReadableStream<Uint8Array> {
  let closed = false
  let idle: NodeJS.Timeout | undefined
  let resumeWatch = () => {}
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const close = () => {
        clearTimeout(idle)
        if (closed) return
        closed = true
        controller.close()
      }
      // Only while we wait on the upstream: a browser that reads slowly (the stream paused) is not its fault.
      const watch = () => {
        clearTimeout(idle)
        idle = setTimeout(() => response.destroy(new Error(`no bytes for ${secondsText(idleMs)}`)), idleMs)
      }
      watch()
      response.on('data', (chunk: Buffer) => {
        if (closed) return
        controller.enqueue(new Uint8Array(chunk))
        if ((controller.desiredSize ?? 0) <= 0) {
          clearTimeout(idle)
          response.pause()
        } else watch()
      })
      response.once('end', close)
      response.once('error', (error) => {
        clearTimeout(idle)
        if (clientSignal.aborted) close()
        else if (!closed) {
          closed = true
          controller.error(error)
        }
      })
      clientSignal.addEventListener('abort', () => {
        response.destroy()
        close()
      })
      // Kept for pull and cancel, which cannot see start's scope.
      resumeWatch = watch
    },
    pull: () => {
      if (!closed && response.isPaused()) {
        resumeWatch()
        response.resume()
      }
    },
    cancel: () => {
      clearTimeout(idle)
      closed = true
      response.destroy()
    },
  })
}
