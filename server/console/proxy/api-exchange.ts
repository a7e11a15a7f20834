// One voice API exchange: a request and its whole answer, under one deadline, on kept-alive sockets. This is the
// hot path of every proxied read (a status poll a second per watched call), so it is lean on purpose: the target is
// parsed once, the request goes to undici's pool by its dispatch API (no stream or promise per answer: the body's
// chunks are kept as they come), and one timer covers headers and body.
import type { IncomingHttpHeaders } from 'node:http'
import type { Dispatcher } from 'undici'
import { Pool, type PoolOptions } from './undici-pool'

// undici (the engine of Node's own fetch) rather than node:http's Agent, or fetch: in a profile of the console under
// bench:api's status load it cost 75 µs of CPU a proxied read, where node:http cost 108 and fetch about twice that.
// undici's own headers and body timeouts are off: ApiRead's one timer covers both. Left on, each request took a new
// undici "fast timer" that a cleared timeout leaves in undici's list until its next half-second tick: about 8,000
// of them at once under bench:api's load, surviving two scavenges and promoted to the old generation as garbage.
const POOL_OPTIONS: PoolOptions = { connections: 256, headersTimeout: 0, bodyTimeout: 0 }

/** The kept-alive sockets to each API origin, shared by every console of the process (one in production). */
const pools = new Map<string, Pool>()

function poolFor(origin: string): Pool {
  let pool = pools.get(origin)
  if (!pool) {
    pool = new Pool(origin, POOL_OPTIONS)
    pools.set(origin, pool)
  }
  return pool
}

/** No answer's headers came in time. */
export class HeadersTimeout extends Error {}
/** The headers came, the rest of the answer did not. */
export class BodyTimeout extends Error {}
/** The answer began and then broke off. */
export class AnswerCut extends Error {}
/** The answer (as sent, or once decompressed) is larger than MAX_ANSWER_BYTES. */
export class AnswerTooLarge extends Error {}

/**
 * The most of one API answer the console holds, as sent and once decompressed: a page of 100 calls with large
 * metadata is well under a megabyte, and an answer that never ends (or a small gzip of gigabytes) must not fill
 * the process's memory before the deadline comes.
 */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024
/** The caller's signal aborted the exchange (the console is closing). */
class ExchangeAborted extends Error {}

export interface ApiTarget {
  /** e.g. https://voice.example.com: where a redirect may lead (api-answer.ts). */
  origin: string
  /** The kept-alive sockets to the API's origin. */
  pool: Pool
  /** The base URL's path, without its trailing slash, e.g. "" or "/voice". */
  pathPrefix: string
}

/** `base` is an http(s) URL without a trailing slash (see upstreamBase). */
export function apiTarget(base: string): ApiTarget {
  const url = new URL(base)
  return { origin: url.origin, pool: poolFor(url.origin), pathPrefix: url.pathname.replace(/\/+$/, '') }
}

/** An answer's status line and headers (names in lower case, a repeated one as a list). */
export interface AnswerHead {
  statusCode: number
  statusMessage: string | undefined
  headers: IncomingHttpHeaders
}

/** A header's one value; a repeated header (a list) says nothing the console could trust. */
export const headerText = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined)

export interface Exchanged {
  response: AnswerHead
  body: Buffer
}

// The errors of a socket the API closed (undici's, and the system's).
const CLOSED_SOCKET = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE'])

/**
 * A request sent on a kept-alive socket that the API closed at the same moment (its idle timeout, a restart) fails
 * before any answer, and is sent again once. Only what is safe to send twice: a read, or a request with an
 * Idempotency-Key (the API answers a repeat with the first answer).
 */
function mayResend({ method, headers }: Dispatcher.DispatchOptions, error: NodeJS.ErrnoException) {
  if (!CLOSED_SOCKET.has(error.code ?? '')) return false
  if (method === 'GET' || method === 'HEAD') return true
  return Array.isArray(headers) && headers.some((name, at) => at % 2 === 0 && name === 'idempotency-key')
}

/**
 * Sends `method pathAndSearch` with `headers` (name, value, name, value…; Host is the target's) and reads the whole
 * answer. Rejects with HeadersTimeout or BodyTimeout past `timeoutMs` (the socket is then closed), with AnswerCut
 * when the answer breaks off, with AnswerTooLarge past MAX_ANSWER_BYTES, with ExchangeAborted once `signal` aborts, else with the network's error. `onHeaders`
 * hears of the answer's status as soon as it comes.
 */
export function exchange(
  target: ApiTarget,
  method: string,
  pathAndSearch: string,
  headers: string[],
  body: Buffer | undefined,
  timeoutMs: number,
  onHeaders: (response: AnswerHead) => void,
  signal?: AbortSignal,
): Promise<Exchanged> {
  return new Promise((resolve, reject) => {
    const options: Dispatcher.DispatchOptions = {
      method: method as Dispatcher.HttpMethod,
      path: `${target.pathPrefix}${pathAndSearch}`,
      headers,
      body: body ?? null,
    }
    const read = new ApiRead(target.pool, options, timeoutMs, onHeaders, resolve, reject)
    if (signal) read.abortOn(signal)
    read.send(false)
  })
}

/**
 * One exchange's state and undici's handler of its answer, in one object: its methods are shared, where closures
 * would be made again for every read (garbage at every status poll).
 */
class ApiRead implements Dispatcher.DispatchHandler {
  private settled = false
  private resent = false
  private head: AnswerHead | null = null
  private controller: Dispatcher.DispatchController | null = null
  // Kept across a resend: one is sent only when no answer (so no chunk) came.
  private readonly chunks: Buffer[] = []
  private bytes = 0
  private readonly timer: NodeJS.Timeout
  // Only the console's own background reads pass a signal; the proxied reads of the hot path do not.
  private signal: AbortSignal | null = null

  constructor(
    private readonly pool: Pool,
    private readonly options: Dispatcher.DispatchOptions,
    timeoutMs: number,
    // Named apart from undici's handler methods (the older API's `onHeaders` among them).
    private readonly heard: (response: AnswerHead) => void,
    private readonly resolve: (exchanged: Exchanged) => void,
    private readonly reject: (error: Error) => void,
  ) {
    this.timer = setTimeout(ApiRead.late, timeoutMs, this)
  }

  private static late(read: ApiRead) {
    read.stop(read.head ? new BodyTimeout() : new HeadersTimeout())
  }

  /** Stops the exchange when `signal` aborts; the signal holds this object as its listener (no closure a read). */
  abortOn(signal: AbortSignal) {
    if (signal.aborted) return this.settle(new ExchangeAborted())
    this.signal = signal
    signal.addEventListener('abort', this, { once: true })
  }

  handleEvent() {
    this.stop(new ExchangeAborted())
  }

  private stop(error: Error) {
    this.settle(error)
    // Aborting a request under way closes its socket: nothing of this answer reaches the next one.
    this.controller?.abort(error)
  }

  send(resent: boolean) {
    if (this.settled) return
    this.resent = resent
    try {
      this.pool.dispatch(this.options, this)
    } catch (error) {
      this.settle(error as Error)
    }
  }

  private settle(error: Error | null, exchanged?: Exchanged) {
    if (this.settled) return
    this.settled = true
    clearTimeout(this.timer)
    // A long-lived signal must not keep a listener for every exchange it ever saw.
    this.signal?.removeEventListener('abort', this)
    if (error) this.reject(error)
    else this.resolve(exchanged as Exchanged)
  }

  onRequestStart(controller: Dispatcher.DispatchController) {
    this.controller = controller
    if (this.settled) controller.abort(new HeadersTimeout())
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
    statusMessage?: string,
  ) {
    // An informational answer (1xx) is not the answer.
    if (statusCode < 200) return
    this.head = { statusCode, statusMessage, headers }
    this.heard(this.head)
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer) {
    this.bytes += chunk.byteLength
    if (this.bytes > MAX_ANSWER_BYTES) return this.stop(new AnswerTooLarge())
    this.chunks.push(chunk)
  }

  onResponseEnd() {
    const { chunks } = this
    const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)
    this.settle(null, { response: this.head as AnswerHead, body: bytes })
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: NodeJS.ErrnoException) {
    if (this.settled) return
    // Once: if the pool hands it another socket the API has closed too (a restarted API), the error stands.
    if (this.head) this.settle(new AnswerCut())
    else if (!this.resent && mayResend(this.options, error)) this.send(true)
    else this.settle(error)
  }
}
