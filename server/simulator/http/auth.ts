import type { MiddlewareHandler } from 'hono'
import type { AccountRow } from '../db/account-queries'
import type { AppEnv } from '../deps'
import { ProblemError } from './problem'

// Auth schemes are case-insensitive (RFC 9110 section 11.1).
const BEARER = /^Bearer +([\x21-\x7e]{1,512})$/i

const unauthorized = (detail: string) =>
  new ProblemError(401, 'Unauthorized', detail, {
    type: 'unauthorized',
    headers: { 'WWW-Authenticate': 'Bearer realm="voice"' },
  })

/** Keys map to accounts; the map is built at start-up, so this is a lookup, not a query. */
export function auth(accountsByKey: () => Map<string, AccountRow>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Under @hono/node-server, Node's parsed headers avoid building a fetch Headers object on the hot path.
    const incoming = (c.env as { incoming?: { headers: Record<string, string | string[] | undefined> } } | undefined)
      ?.incoming
    const header = incoming ? (incoming.headers.authorization as string | undefined) : c.req.header('authorization')
    if (!header) throw unauthorized('Send your API key in the header Authorization: Bearer <API key>.')
    const match = BEARER.exec(header)
    if (!match?.[1]) throw unauthorized('The Authorization header must be "Bearer" followed by your API key.')
    const account = accountsByKey().get(match[1])
    if (!account) throw unauthorized('This API key is not valid. Check the key and try again.')
    c.set('account', account)
    await next()
  }
}
