// One voice API exchange: a request and its whole answer, under one deadline, on node:http with kept-alive
// sockets. This is the hot path of every proxied read (a status poll a second per watched call), so it is
// lean on purpose: the target is parsed once, the request's headers go to node as a ready list (node then
// neither validates nor adds them one by one, so Host is ours to send), and one timer covers headers and body.
import {
  type ClientRequest,
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type RequestOptions,
} from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'

// node:http rather than fetch: on this path fetch cost about twice the CPU per request, in a profile of the proxy.
export const agents = {
  'http:': new HttpAgent({ keepAlive: true, maxSockets: 256 }),
  'https:': new HttpsAgent({ keepAlive: true, maxSockets: 256 }),
}

/** No answer's headers came in time. */
export class HeadersTimeout extends Error {}
/** The headers came, the rest of the answer did not. */
export class BodyTimeout extends Error {}
/** The answer began and then broke off. */
export class AnswerCut extends Error {}

export interface ApiTarget {
  https: boolean
  /** What every request to the API shares: host, port, agent. */
  base: RequestOptions
  /** The Host header for the API's origin. */
  host: string
  /** The base URL's path, without its trailing slash, e.g. "" or "/voice". */
  pathPrefix: string
}

/** `base` is an http(s) URL without a trailing slash (see upstreamBase). */
export function apiTarget(base: string): ApiTarget {
  const url = new URL(base)
  const https = url.protocol === 'https:'
  return {
    https,
    base: {
      hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port || (https ? 443 : 80),
      agent: agents[https ? 'https:' : 'http:'],
    },
    host: url.host,
    pathPrefix: url.pathname.replace(/\/+$/, ''),
  }
}

export interface Exchanged {
  response: IncomingMessage
  body: Buffer
}

/**
 * A request node sent on a kept-alive socket that the API closed at the same moment (its idle timeout, a restart)
 * fails before any answer; node's documentation says to send it again. Only what is safe to send twice: a read, or
 * a request with an Idempotency-Key (the API answers a repeat with the first answer).
 */
function mayResend(outgoing: ClientRequest, method: string, headers: string[], error: NodeJS.ErrnoException) {
  if (!outgoing.reusedSocket || (error.code !== 'ECONNRESET' && error.code !== 'EPIPE')) return false
  return method === 'GET' || method === 'HEAD' || headers.some((name, at) => at % 2 === 0 && name === 'idempotency-key')
}

/**
 * Sends `method pathAndSearch` with `headers` (name, value, name, value…: Host is added here) and reads the
 * whole answer. Rejects with HeadersTimeout or BodyTimeout past `timeoutMs` (the socket is then closed), or
 * with AnswerCut when the answer breaks off, else with the network's error. `onHeaders` hears of the answer's status as soon as it comes.
 */
export function exchange(
  target: ApiTarget,
  method: string,
  pathAndSearch: string,
  headers: string[],
  body: Buffer | undefined,
  timeoutMs: number,
  onHeaders: (response: IncomingMessage) => void,
): Promise<Exchanged> {
  return new Promise((resolve, reject) => {
    const list = ['host', target.host, ...headers]
    if (body) list.push('content-length', String(body.byteLength))
    let outgoing: ClientRequest
    let answered: IncomingMessage | null = null
    const timer = setTimeout(() => {
      const late = answered ? new BodyTimeout() : new HeadersTimeout()
      outgoing.destroy(late)
      answered?.destroy()
      reject(late)
    }, timeoutMs)
    const fail = (error: Error) => {
      clearTimeout(timer)
      reject(error)
    }
    const send = (resent: boolean) => {
      outgoing = (target.https ? httpsRequest : httpRequest)({
        ...target.base,
        method,
        path: `${target.pathPrefix}${pathAndSearch}`,
        headers: list,
      })
      outgoing.once('error', (error: NodeJS.ErrnoException) => {
        // Once: if the pool hands it another socket the API has closed too (a restarted API), the error stands.
        if (!resent && !answered && mayResend(outgoing, method, headers, error)) send(true)
        else fail(error)
      })
      outgoing.once('response', (response: IncomingMessage) => {
        answered = response
        onHeaders(response)
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.once('end', () => {
          clearTimeout(timer)
          resolve({ response, body: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks) })
        })
        response.once('error', () => fail(new AnswerCut()))
        response.once('close', () => {
          if (!response.complete) fail(new AnswerCut())
        })
      })
      outgoing.end(body)
    }
    send(false)
  })
}
