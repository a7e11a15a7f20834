// Cross-site request forgery: a state-changing request must come from our own pages.
// Fetch Metadata (or Origin, in browsers without it) must say same-origin, and the
// request must carry a header that only our own fetch client sends: a cross-site form
// cannot set it, and a cross-site fetch with it needs a CORS preflight we never grant.
import type { MiddlewareHandler } from 'hono'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../../src/api/contract/console-schemas'
import { problem, sendProblem } from './problem'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export function csrfCheck(
  allowedOrigins: Set<string>,
): MiddlewareHandler<{ Variables: { refusal?: 'cross-site' | 'role' } }> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next()
    const site = c.req.header('sec-fetch-site')
    const origin = c.req.header('origin')
    const refused =
      (site !== undefined && site !== 'same-origin') ||
      (origin !== undefined && !allowedOrigins.has(origin.toLowerCase())) ||
      c.req.header(CSRF_HEADER) !== CSRF_HEADER_VALUE
    if (refused) {
      c.set('refusal', 'cross-site')
      return problem(
        403,
        'Cross-site request refused',
        'This request did not come from the console itself, so nothing was done. Reload the console and try again.',
      )
    }
    await next()
  }
}

/**
 * For a GET that writes to the audit trail (an export): a link on another site (a top-level navigation
 * carries the Lax cookie) must not add entries to it, so only our own pages or a typed URL may ask.
 */
export function sameSiteOnly(
  /** Where the person can ask from instead. */
  detail: string,
): MiddlewareHandler<{ Variables: { refusal?: 'cross-site' | 'role' } }> {
  return async (c, next) => {
    const site = c.req.header('sec-fetch-site')
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      c.set('refusal', 'cross-site')
      return sendProblem(c, 403, 'Cross-site request refused', detail)
    }
    await next()
  }
}
