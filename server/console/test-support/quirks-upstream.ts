// A voice service we did not model on the simulator: it keeps to the spec (the ten operations, their
// fields and prefixes) and makes, one switch at a time, the choices the spec leaves open and the
// simulator never makes: nulls, metadata of any size or shape, extra fields, unknown statuses, odd
// cursors, error bodies that are not JSON, 429s, answers that hang, recordings on another origin.
//
// Plain node:http on purpose: nothing here may share code with the console or the simulator.
// Some calls carry their quirk always (QUIRK_CALLS); the rest are switches (Quirks), set per test with
// `set()` in process, or over HTTP with `PUT /__quirks` (JSON, merged) and `DELETE /__quirks` (reset).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { plainCall, type QuirkCall, quirkCatalogue } from './quirks-catalogue'
import {
  type Compression,
  compressAnswer,
  type ErrorShape,
  type RedirectTarget,
  send,
  sendError,
} from './quirks-protocol'

export type CursorQuirk =
  /** Opaque cursors that need URL encoding; the last page has `next_cursor: null`. */
  | 'normal'
  /** Every page, from the second on, names the same cursor again. */
  | 'repeat'
  /** The last page's cursor leads back to the first page. */
  | 'loop'
  /** Never a last page: past the calls, empty pages with ever new cursors. */
  | 'endless'
  /** The last page has no `next_cursor` field at all. */
  | 'omitted'
  /** The last page's `next_cursor` is an empty string. */
  | 'empty'

export interface Quirks {
  cursor: CursorQuirk
  /** The first page of the call list is empty, with a cursor to the calls. */
  emptyFirstPage: boolean
  /** Calls listed per page when the request names no limit (the spec's default is 50). */
  pageSize: number
  /**
   * What a call list answers instead of the calls: a 500 with an HTML body, or a 200 whose body the
   * spec does not describe.
   */
  listFailure: 'none' | 'html-500' | 'unreadable-200'
  /** Every operation answers 500 with an HTML body. */
  outage: boolean
  /** Every operation answers 401 in plain text: the service no longer accepts the console's key. */
  keyRefused: boolean
  /** Paths (a regular expression's source) answered 429 with this Retry-After in seconds. */
  rateLimit: { paths: string; retryAfterSeconds: number } | null
  /** Paths (a regular expression's source) whose answer never comes (`headers`) or never ends (`body`). */
  hang: { paths: string; what: 'headers' | 'body' } | null
  /** Paths (a regular expression's source) answered this many milliseconds late, whatever the answer. */
  slow: { paths: string; ms: number } | null
  /** The status of a create-call answer (the spec gives none). */
  createStatus: number
  /** Whether the storage origin sends CORS headers (a browser drawing a waveform needs them). */
  storageCors: boolean
  /** The account's tier name (the spec gives it no length): the header must not wrap for a long one. */
  tierName: string
  /** The current billing period's period_end (the spec gives a period no length): a year is longer than the console breaks down. */
  periodEnd: string
  /**
   * Paths (a regular expression's source), of one method or all, answered with an error of `status` in `shape`
   * (quirks-protocol.ts). `{key}` in the message is the key the request carried: a service that repeats it
   * ("API key … is not valid"), or a refusal of its own ("Your plan does not allow calls to this country").
   */
  fail: { paths: string; method?: string; status: number; shape: ErrorShape; message: string } | null
  /** Requests of these paths (reads and writes) answered with a redirect of `status` (301, 302, 307, 308) to `to`. */
  redirect: { paths: string; status: number; to: RedirectTarget } | null
  /** Every answer of the API compressed so, whatever the request accepted (quirks-protocol.ts). */
  compress: Compression | null
  /**
   * Usage history in pages of two (of six periods), its cursor read from this query parameter (the spec does not
   * name it): any other name gets the first page, with the same next_cursor, every time. Null: one page of two.
   */
  historyCursorParam: string | null
}

const DEFAULT_QUIRKS: Quirks = {
  cursor: 'normal',
  emptyFirstPage: false,
  pageSize: 50,
  listFailure: 'none',
  outage: false,
  keyRefused: false,
  rateLimit: null,
  hang: null,
  slow: null,
  createStatus: 200,
  storageCors: false,
  tierName: 'Scale',
  periodEnd: '2026-12-01T00:00:00Z',
  fail: null,
  redirect: null,
  compress: null,
  historyCursorParam: null,
}

export interface QuirksUpstream {
  /** e.g. http://127.0.0.1:40123, without the API prefix. */
  url: string
  /** The other origin that holds the recordings. */
  storageUrl: string
  quirks: Quirks
  set(change: Partial<Quirks>): void
  reset(): void
  /** Requests that reached the API, as `METHOD path?query`, oldest first. */
  seen: string[]
  /** Requests that reached storage, with the headers they carried (a key or a cookie must never be among them). */
  storageSeen: { request: string; headers: Record<string, string | string[] | undefined> }[]
  close(): Promise<void>
}

const PREFIX = '/api/v1/voice'

export async function startQuirksUpstream(
  options: { port?: number; storagePort?: number } = {},
): Promise<QuirksUpstream> {
  const storage = await listen(options.storagePort ?? 0, (req, res) => serveStorage(state, req, res))
  const storageUrl = origin(storage)
  const calls = quirkCatalogue(storageUrl, Date.now())
  const state: QuirksUpstream = {
    url: '',
    storageUrl,
    quirks: { ...DEFAULT_QUIRKS },
    set: (change) => Object.assign(state.quirks, change),
    reset: () => {
      state.quirks = { ...DEFAULT_QUIRKS }
    },
    seen: [],
    storageSeen: [],
    close: async () => {
      await Promise.all([stop(api), stop(storage)])
    },
  }
  const api = await listen(options.port ?? 0, (req, res) => {
    const { slow } = state.quirks
    const late =
      slow && new RegExp(slow.paths).test(new URL(req.url ?? '/', 'http://quirks').pathname.slice(PREFIX.length))
    if (late) setTimeout(() => serveApi(state, calls, req, res), slow.ms)
    else serveApi(state, calls, req, res)
  })
  state.url = origin(api)
  return state
}

// ---------------------------------------------------------------- the API

// Where `redirect: 'same'` sends a read: the same operation, under this prefix.
const MOVED = '/moved'

function serveApi(state: QuirksUpstream, calls: QuirkCall[], req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://quirks')
  if (url.pathname === '/__quirks') return control(state, req, res)
  // What reached the API, for a journey to count (how many times the console asked), not to time.
  if (url.pathname === '/__quirks/seen') return json(res, 200, state.seen)
  state.seen.push(`${req.method} ${url.pathname}${url.search}`)
  const { quirks } = state
  compressAnswer(res, quirks.compress)
  const moved = url.pathname.startsWith(`${MOVED}${PREFIX}`)
  const pathname = moved ? url.pathname.slice(MOVED.length) : url.pathname
  if (!pathname.startsWith(PREFIX)) return text(res, 404, 'not here')
  const key = /^Bearer (\S+)/.exec(req.headers.authorization ?? '')?.[1]
  if (!key) return text(res, 401, 'Unauthorized')
  const path = pathname.slice(PREFIX.length)
  if (quirks.redirect && !moved && new RegExp(quirks.redirect.paths).test(path)) {
    const to = {
      same: `${MOVED}${PREFIX}${path}${url.search}`,
      other: `${state.storageUrl}${PREFIX}${path}${url.search}`,
      loop: `${state.url}${url.pathname}${url.search}`,
    }[quirks.redirect.to]
    res.writeHead(quirks.redirect.status, { Location: to, 'Content-Type': 'text/plain' })
    return res.end(`Moved to ${to}`)
  }
  const { fail } = quirks
  if (fail && (!fail.method || fail.method === req.method) && new RegExp(fail.paths).test(path)) {
    return sendError(res, fail.status, fail.shape, fail.message.replaceAll('{key}', key))
  }
  if (quirks.outage) return html500(res)
  if (quirks.keyRefused) {
    res.writeHead(401, { 'Content-Type': 'text/plain', 'WWW-Authenticate': 'Bearer' })
    return res.end('Unauthorized')
  }
  if (quirks.rateLimit && new RegExp(quirks.rateLimit.paths).test(path)) {
    res.writeHead(429, { 'Content-Type': 'text/plain', 'Retry-After': String(quirks.rateLimit.retryAfterSeconds) })
    return res.end('Too many requests')
  }
  if (quirks.hang && new RegExp(quirks.hang.paths).test(path)) return hang(res, quirks.hang.what)
  if (req.method === 'POST') return readBody(req).then((body) => create(state, calls, path, body, res))
  if (req.method !== 'GET') return text(res, 405, 'Method not allowed')

  if (path === '/calls') return listCalls(quirks, calls, url.searchParams, res)
  const match = /^\/calls\/([^/]+)(\/status|\/recordings)?$/.exec(path)
  if (match) {
    const call = calls.find((c) => c.detail.call_id === decodeURIComponent(match[1] ?? ''))
    if (!call) return text(res, 404, 'No such call')
    if (match[2] === '/status') return json(res, 200, call.status)
    if (match[2] === '/recordings') return json(res, 200, call.recordings)
    return json(res, 200, call.detail)
  }
  if (path === '/caller-ids') return json(res, 200, CALLER_IDS)
  if (path === '/account') return json(res, 200, account(quirks.tierName))
  if (path === '/usage') return json(res, 200, usage(quirks.periodEnd))
  if (path === '/usage/history' && quirks.historyCursorParam !== null) {
    return json(res, 200, pagedHistory(quirks.periodEnd, url.searchParams.get(quirks.historyCursorParam)))
  }
  if (path === '/usage/history') return json(res, 200, usageHistory(quirks.periodEnd))
  return text(res, 404, 'Not found')
}

/**
 * Cursors are `o<offset>` with characters a URL must encode around them, so a reader that passes a
 * cursor on without encoding it, or that expects a format of its own, is found out.
 */
const cursorFor = (offset: number) => `o=${offset}/+&#?`
const offsetOf = (cursor: string | null) => (cursor ? Number(/^o=(\d+)/.exec(cursor)?.[1] ?? Number.NaN) : 0)

function listCalls(quirks: Quirks, calls: QuirkCall[], params: URLSearchParams, res: ServerResponse) {
  if (quirks.listFailure === 'html-500') return html500(res)
  if (quirks.listFailure === 'unreadable-200') return json(res, 200, { calls: 'not a list', next_cursor: 7 })
  const cursor = params.get('cursor')
  const limit = Math.min(100, Math.max(1, Number(params.get('limit') ?? quirks.pageSize) || quirks.pageSize))
  const status = params.get('status')
  const listed = calls.filter((c) => !c.unlisted && (!status || c.item.status === status)).map((c) => c.item)
  if (cursor === 'same') return page(res, listed.slice(limit, 2 * limit), 'same')
  const offset = offsetOf(cursor)
  if (Number.isNaN(offset)) return text(res, 400, 'Bad cursor')
  if (quirks.emptyFirstPage && !cursor) return page(res, [], cursorFor(0))
  const slice = listed.slice(offset, offset + limit)
  const more = offset + limit < listed.length
  if (more) return page(res, slice, quirks.cursor === 'repeat' && offset > 0 ? 'same' : cursorFor(offset + limit))
  if (quirks.cursor === 'repeat') return page(res, slice, 'same')
  if (quirks.cursor === 'loop') return page(res, slice, cursorFor(0))
  if (quirks.cursor === 'endless') return page(res, slice, cursorFor(Math.max(offset, listed.length) + limit))
  if (quirks.cursor === 'omitted') return json(res, 200, { calls: slice })
  return page(res, slice, quirks.cursor === 'empty' ? '' : null)
}

const page = (res: ServerResponse, calls: unknown[], next: string | null) =>
  json(res, 200, { calls, next_cursor: next })

function create(state: QuirksUpstream, calls: QuirkCall[], path: string, body: string, res: ServerResponse) {
  let request: Record<string, unknown>
  try {
    request = JSON.parse(body) as Record<string, unknown>
  } catch {
    return text(res, 400, 'The body is not JSON')
  }
  if (path === '/caller-ids') {
    return json(res, state.quirks.createStatus, {
      caller_id_id: `cid_q${calls.length}`,
      phone_number: request.phone_number,
      validation_code: '123456',
      message: 'A verification call is on its way.',
    })
  }
  if (path !== '/calls') return text(res, 404, 'Not found')
  const placed = plainCall(
    `call_placed_${String(calls.length).padStart(4, '0')}`,
    'DIALER_COMPLETED',
    new Date().toISOString(),
  )
  Object.assign(placed.item, { caller_id: request.caller_id, destination: request.destination })
  Object.assign(placed.detail, {
    caller_id: request.caller_id,
    destination: request.destination,
    metadata: request.metadata ?? {},
  })
  calls.unshift(placed)
  const { call_id, caller_id, destination, created_at, links } = placed.detail
  return json(res, state.quirks.createStatus, {
    call_id,
    caller_id,
    destination,
    created_at,
    status: 'queued',
    recording: { enabled: request.record === true },
    metadata: request.metadata ?? {},
    links,
  })
}

// ---------------------------------------------------------------- account and usage

const CALLER_IDS = {
  caller_ids: [
    {
      id: 'cid_quirks0001',
      phone_number: '+14155550100',
      verification_status: 'VERIFIED',
      cnam_display_name: 'Quirks Inc',
      cnam_status: 'APPROVED',
      verified_at: '2026-01-05T10:00:00Z',
      region: 'us-west',
    },
    {
      id: 'cid_quirks0002',
      phone_number: '+14155550101',
      verification_status: 'PENDING_REVIEW',
      cnam_display_name: null,
      cnam_status: 'IN_REVIEW',
      verified_at: null,
    },
  ],
}

function account(tierName: string) {
  return {
    client_id: 'cli_quirks',
    status: 'ACTIVE',
    payment_method: 'CARD',
    contract_start: '2026-01-01T00:00:00Z',
    contract_end: '2027-01-01T00:00:00Z',
    ramp_up_ends_at: '2026-03-01T00:00:00Z',
    is_in_ramp_up: false,
    committed_minutes: 10_000,
    tier: { name: tierName, rate_per_minute_dc: 12, max_minutes: 50_000, support: 'priority' },
    current_usage: {
      period_start: '2026-11-01T00:00:00Z',
      actual_minutes_used: 1234,
      remaining_minutes: 8766,
      usage_percent: 12.34,
    },
    account_manager: 'someone@example.com',
  }
}

function usage(periodEnd: string) {
  return {
    period_start: '2026-11-01T00:00:00Z',
    period_end: periodEnd,
    committed_minutes: 10_000,
    actual_minutes_used: 1234,
    remaining_minutes: 8766,
    overage_minutes: 0,
    usage_percent: 12.34,
  }
}

function usageHistory(periodEnd: string) {
  return {
    periods: [
      {
        period_start: '2026-11-01T00:00:00Z',
        period_end: periodEnd,
        status: 'DIALER_ACTIVE',
        committed_minutes: 10_000,
        actual_minutes_used: 1234,
      },
      {
        period_start: '2026-10-01T00:00:00Z',
        period_end: '2026-11-01T00:00:00Z',
        status: 'DIALER_INVOICED',
        committed_minutes: 10_000,
        actual_minutes_used: 11_020,
      },
    ],
  }
}

/** Six periods, the current one first, two a page; the cursor `h<offset>`. */
function pagedHistory(periodEnd: string, cursor: string | null) {
  const [current, previous] = usageHistory(periodEnd).periods
  const older = [0, 1, 2, 3].map((back) => ({
    period_start: `2026-0${9 - back}-01T00:00:00Z`,
    period_end: `2026-${String(10 - back).padStart(2, '0')}-01T00:00:00Z`,
    status: 'DIALER_INVOICED',
    committed_minutes: 10_000,
    actual_minutes_used: 9_000 + back,
  }))
  const periods = [current, previous, ...older]
  const offset = Number(/^h(\d+)$/.exec(cursor ?? '')?.[1] ?? 0)
  const next = offset + 2 < periods.length ? `h${offset + 2}` : null
  return { periods: periods.slice(offset, offset + 2), next_cursor: next }
}

// ---------------------------------------------------------------- storage, on its own origin

function serveStorage(state: QuirksUpstream, req: IncomingMessage, res: ServerResponse) {
  state.storageSeen.push({ request: `${req.method} ${req.url}`, headers: req.headers })
  const cors = state.quirks.storageCors ? { 'Access-Control-Allow-Origin': '*' } : {}
  const match = /^\/recordings\/(call_[\w-]+)\.wav/.exec(req.url ?? '')
  if (!match) {
    res.writeHead(404, cors)
    return res.end()
  }
  const wav = toneWav(3)
  res.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': String(wav.length), ...cors })
  res.end(req.method === 'HEAD' ? undefined : wav)
}

/** A mono 8 kHz 16-bit WAV of a 440 Hz tone: a recording a player can decode and draw. */
export function toneWav(seconds: number): Buffer {
  const rate = 8000
  const samples = rate * seconds
  const wav = Buffer.alloc(44 + samples * 2)
  wav.write('RIFF', 0)
  wav.writeUInt32LE(36 + samples * 2, 4)
  wav.write('WAVEfmt ', 8)
  wav.writeUInt32LE(16, 16)
  wav.writeUInt16LE(1, 20)
  wav.writeUInt16LE(1, 22)
  wav.writeUInt32LE(rate, 24)
  wav.writeUInt32LE(rate * 2, 28)
  wav.writeUInt16LE(2, 32)
  wav.writeUInt16LE(16, 34)
  wav.write('data', 36)
  wav.writeUInt32LE(samples * 2, 40)
  for (let i = 0; i < samples; i++)
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), 44 + i * 2)
  return wav
}

// ---------------------------------------------------------------- plumbing

function control(state: QuirksUpstream, req: IncomingMessage, res: ServerResponse) {
  if (req.method === 'DELETE') {
    state.reset()
    return json(res, 200, state.quirks)
  }
  if (req.method === 'GET') return json(res, 200, state.quirks)
  return readBody(req).then((body) => {
    try {
      state.set(JSON.parse(body) as Partial<Quirks>)
      return json(res, 200, state.quirks)
    } catch {
      return text(res, 400, 'The body is not JSON')
    }
  })
}

function hang(res: ServerResponse, what: 'headers' | 'body') {
  if (what === 'headers') return // Never answered: the socket stays open until the client gives up.
  res.writeHead(200, { 'Content-Type': 'application/json' })
  res.write('{"calls": [')
}

function html500(res: ServerResponse) {
  send(res, 500, 'text/html', '<html><body><h1>500 Internal Server Error</h1><p>nginx</p></body></html>')
}

function json(res: ServerResponse, status: number, body: unknown) {
  send(res, status, 'application/json', JSON.stringify(body))
}

function text(res: ServerResponse, status: number, body: string) {
  send(res, status, 'text/plain', body)
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      body += chunk
    })
    req.on('end', () => resolve(body))
    req.on('error', reject)
  })
}

function listen(port: number, handler: (req: IncomingMessage, res: ServerResponse) => unknown): Promise<Server> {
  const server = createServer((req, res) => {
    void Promise.resolve(handler(req, res)).catch(() => {
      if (!res.headersSent) res.writeHead(500)
      res.end()
    })
  })
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)))
}

const origin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`

function stop(server: Server): Promise<void> {
  server.closeAllConnections()
  return new Promise((resolve) => server.close(() => resolve()))
}
