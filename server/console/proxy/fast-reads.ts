// The hot path: the dashboard's reads of the voice API (a status poll a second per watched call, the lists),
// served on node's own request and response, without Hono's Request/Response and its middleware chain, which
// cost more CPU than the rest of a proxied read. It serves only a request that passes every rule, through the
// same functions the app's middleware call (host, session, role, the person's rate, the proxy's limits and
// problems, headers, log, metrics). Anything else (a refusal, an odd target, a store that failed) goes to the
// Hono app, which answers it as it answers every other request: a refusal is written and audited in one place.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import type { SessionCookie } from '../auth/session-cookie'
import type { SessionService } from '../auth/sessions'
import { clientOf, type ForwardedHeader } from '../http/client-address'
import { isOwnHost } from '../http/host-check'
import { REQUEST_ID_HEADER, requestIdOf, withInstance } from '../http/request-id'
import { type Logger, logRequest } from '../http/request-log'
import { normalizeAddress, type TrustedProxies } from '../http/trusted-proxies'
import type { UserRateLimiter } from '../http/user-rate-limit'
import { matchOperation, type Operation } from '../operations'
import { can } from '../roles'
import { learnsFrom } from './storage-origins'
import type { ApiAnswer, ReadApi } from './voice-proxy'

export interface FastReadOptions {
  /** Where the app mounts the voice API, e.g. /api/v1/voice. */
  prefix: string
  hosts: Set<string>
  sessions: SessionService
  cookie: SessionCookie
  limiter: UserRateLimiter
  readApi: ReadApi
  /** The security headers every answer carries. */
  headers: Record<string, string>
  logger: Logger
  /** The request metrics' observer (ops/metrics.ts request). */
  measured?: (route: string, method: string, status: number, seconds: number) => void
  /** Who the client is and whose request id is kept, as the app's middleware read them (http/client-address.ts). */
  trustedProxies: TrustedProxies
  forwardedHeader: ForwardedHeader
}

/**
 * Takes the request (true) or leaves it untouched (false). `app` is the Hono app's listener: a request taken and then
 * refused goes to it. Passed as the listener itself, not a closure over this request: one fewer object a read.
 */
export type FastReads = (req: IncomingMessage, res: ServerResponse, app: RequestListener) => boolean

// Targets the WHATWG URL parser leaves as they are: what is authorised and forwarded is then exactly what the
// Hono path would authorise and forward (its URL would resolve `..`, re-encode a space). Anything else goes there.
const PLAIN_PATH = /^[A-Za-z0-9_\-/]+$/
const PLAIN_QUERY = /^[A-Za-z0-9_\-.~%&=+:,]*$/

/**
 * Whose answer no hook of the voice routes reads: the audit records POSTs and recordings, the placed-call
 * hooks POST /calls, the storage origins learn from the answers `learnsFrom` names. Those stay on the Hono path.
 */
function servedFast(operation: Operation): boolean {
  return operation.method === 'GET' && !operation.storage && !learnsFrom(operation)
}

export function createFastReads(options: FastReadOptions): FastReads {
  const { prefix, hosts, sessions, cookie, limiter, readApi, logger, measured, trustedProxies, forwardedHeader } =
    options
  // The security headers as node's ready list (name, value, …), built once.
  const securityList = Object.entries(options.headers).flat()
  const pathStart = `${prefix}/`

  async function serve(
    req: IncomingMessage,
    res: ServerResponse,
    app: RequestListener,
    operation: Operation,
    token: string,
  ) {
    const started = performance.now()
    let userId: string
    try {
      // Answered without the store in the common case (a session found lately, a token left in this
      // instance's lease: a tab's polls), and then no promise is awaited before the read goes out.
      const id = sessions.idOf(token)
      const session = sessions.resolveKept(id) ?? (await sessions.resolveById(id))
      if (!session || !can(session.role, operation.permission)) return app(req, res)
      if (!limiter.takeLeased(session.userId) && !(await limiter.take(session.userId)).allowed) return app(req, res)
      userId = session.userId
    } catch {
      // The store failed: the app answers (a 503 when it is unreachable) and logs it, as for any request.
      return app(req, res)
    }
    const peer = normalizeAddress(req.socket.remoteAddress ?? 'unknown')
    const sentId = req.headers[REQUEST_ID_HEADER]
    const requestId = requestIdOf(typeof sentId === 'string' ? sentId : undefined, trustedProxies.trusts(peer))
    const forwarded = req.headers[forwardedHeader]
    const client = clientOf(
      peer,
      typeof forwarded === 'string' ? forwarded : undefined,
      forwardedHeader,
      trustedProxies,
    )
    const url = req.url as string
    const answer = await readApi('GET', url, (name) => {
      const value = req.headers[name]
      return typeof value === 'string' ? value : undefined
    })
    const status =
      'problem' in answer
        ? await sendProblem(res, answer.problem, securityList, requestId)
        : send(res, answer, securityList, requestId)
    logRequest(logger, { requestId, client, user: userId, method: 'GET', route: operation.route, status, started })
    measured?.(operation.route, 'GET', status, (performance.now() - started) / 1000)
  }

  return (req, res, app) => {
    const url = req.url
    if (req.method !== 'GET' || !url?.startsWith(pathStart)) return false
    const queryAt = url.indexOf('?')
    const path = queryAt < 0 ? url : url.slice(0, queryAt)
    if (!PLAIN_PATH.test(path) || (queryAt >= 0 && !PLAIN_QUERY.test(url.slice(queryAt + 1)))) return false
    // An origin-form target names no host of its own: the Host header is the URL's host.
    const host = req.headers.host
    if (!isOwnHost(hosts, host, host ?? '')) return false
    const match = matchOperation('GET', path)
    if (match.kind !== 'operation' || !servedFast(match.operation)) return false
    const token = cookie.readHeader(req.headers.cookie)
    if (!token) return false
    void serve(req, res, app, match.operation, token)
    return true
  }
}

/** Writes the upstream's answer with the console's headers; returns its status. */
function send(
  res: ServerResponse,
  answer: Exclude<ApiAnswer, { problem: Response }>,
  securityList: string[],
  requestId: string,
): number {
  const { status, statusText, headers, body } = answer
  const list: string[] = []
  for (const name in headers) list.push(name, headers[name] as string)
  for (const value of securityList) list.push(value)
  list.push(REQUEST_ID_HEADER, requestId)
  if (headers['content-length'] === undefined) list.push('content-length', String(body.byteLength))
  if (statusText) res.writeHead(status, statusText, list)
  else res.writeHead(status, list)
  res.end(body)
  return status
}

/** Writes the console's problem (a timeout, an upstream error in words) with the console's headers. */
async function sendProblem(
  res: ServerResponse,
  problem: Response,
  securityList: string[],
  requestId: string,
): Promise<number> {
  for (const [name, value] of problem.headers) res.setHeader(name, value)
  for (let at = 0; at < securityList.length; at += 2)
    res.setHeader(securityList[at] as string, securityList[at + 1] as string)
  res.setHeader(REQUEST_ID_HEADER, requestId)
  const body = Buffer.from(withInstance(await problem.text(), requestId))
  res.setHeader('content-length', body.byteLength)
  res.statusCode = problem.status
  res.end(body)
  return problem.status
}
