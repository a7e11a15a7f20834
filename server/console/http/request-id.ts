// Each request's id, in its log line, its X-Request-Id header and its problem's `instance` (RFC 9457: the
// occurrence), so a person's "it said urn:request:…" finds the line. A trusted proxy's own id is kept, so its
// access log and ours name the same request; anyone else's is ignored, as their forwarded addresses are.
import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { socketAddress } from './client-address'
import type { TrustedProxies } from './trusted-proxies'

export const REQUEST_ID_HEADER = 'x-request-id'
// nginx's $request_id is 32 hex digits; a UUID or a trace id fits too. Anything else is not written to a log.
const PROXY_ID = /^[A-Za-z0-9._:-]{1,128}$/
const PROBLEM_TYPE = 'application/problem+json'

export interface RequestIdVariables {
  requestId?: string
}

const newRequestId = (): string => randomUUID()

/** The proxy's id when the peer is a trusted proxy and the id is plain; otherwise one made here. */
export function requestIdOf(sent: string | null | undefined, fromTrustedProxy: boolean): string {
  return fromTrustedProxy && sent && PROXY_ID.test(sent) ? sent : newRequestId()
}

/** RFC 9457's `instance` of a problem answered to this request. */
export const problemInstance = (requestId: string): string => `urn:request:${requestId}`

/** The problem's JSON with its `instance`; the text as it was if it is not a JSON object. */
export function withInstance(body: string, requestId: string): string {
  try {
    const problem: unknown = JSON.parse(body)
    if (typeof problem !== 'object' || problem === null || Array.isArray(problem)) return body
    return JSON.stringify({ ...problem, instance: problemInstance(requestId) })
  } catch {
    return body
  }
}

/** Sets the id first (the request log reads it), and on the way out its header and any problem's `instance`. */
export function requestIds(proxies: TrustedProxies): MiddlewareHandler<{ Variables: RequestIdVariables }> {
  return async (c, next) => {
    const id = requestIdOf(c.req.header(REQUEST_ID_HEADER), proxies.any && proxies.trusts(socketAddress(c)))
    c.set('requestId', id)
    await next()
    if (c.res.headers.get('content-type')?.startsWith(PROBLEM_TYPE)) {
      // Problems are small and whole: read, given their instance, and answered anew (without the old length).
      const headers = new Headers(c.res.headers)
      headers.delete('content-length')
      const body = withInstance(await c.res.text(), id)
      const { status, statusText } = c.res
      c.res = undefined
      c.res = new Response(body, { status, statusText, headers })
    }
    c.res.headers.set(REQUEST_ID_HEADER, id)
  }
}
