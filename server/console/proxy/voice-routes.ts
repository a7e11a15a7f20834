// /api/v1/voice/* and /storage/*: signed-in people only, one of the spec's operations
// only, with the permission that operation needs, within each person's rate, then the proxy.
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { PlacementForwarding } from '../audit/placement-forwarded'
import type { VoiceAudit } from '../audit/voice-events'
import { forbidden, type SessionEnv } from '../auth/require-session'
import { sendProblem } from '../http/problem'
import type { UserRateLimiter } from '../http/user-rate-limit'
import { matchOperation, type Operation } from '../operations'
import { can } from '../roles'
import type { VoiceProxy } from './voice-proxy'

// The spec's request bodies are a few hundred bytes; metadata included, 64 KiB is ample.
const MAX_BODY_BYTES = 64 * 1024

export function voiceRoutes(
  proxy: VoiceProxy,
  limiter: UserRateLimiter,
  audit: { forwarding: PlacementForwarding; answered: VoiceAudit },
  /** The console's own refusals before anything is forwarded (an outcome still owed), in turn; null lets it go. */
  refusals: readonly ((c: Context<SessionEnv>, operation: Operation) => Promise<Response | null>)[] = [],
) {
  return (
    new Hono<SessionEnv>()
      // POST only: the check reads the body, which would make every GET build a whole Request.
      .post(
        '*',
        bodyLimit({
          maxSize: MAX_BODY_BYTES,
          onError: (c) => sendProblem(c, 413, 'Request too large', 'The request body is larger than 64 KiB.'),
        }),
      )
      .all('*', async (c) => {
        // The raw path, as it will be forwarded: what is authorised is exactly what is sent.
        const pathname = new URL(c.req.url).pathname
        const match = matchOperation(c.req.method, pathname)
        if (match.kind === 'none') {
          return sendProblem(c, 404, 'Not found', 'The voice service has no such operation.')
        }
        if (match.kind === 'method') {
          c.header('Allow', match.allow.join(', '))
          return sendProblem(c, 405, 'Method not allowed', `${c.req.method} is not supported on this path.`)
        }
        const { operation } = match
        c.set('route', operation.route)
        const { role, userId } = c.get('session')
        // The pace first: a refused request is one the person sent too.
        const decision = await limiter.take(userId)
        c.set('paced', true)
        if (decision.allowed && !can(role, operation.permission)) return forbidden(c)
        if (!decision.allowed) {
          c.header('Retry-After', String(decision.retryAfterSeconds))
          return sendProblem(
            c,
            429,
            'Too many requests',
            `You are sending requests faster than the console allows for one person. Wait ${decision.retryAfterSeconds} s.`,
          )
        }
        for (const refuse of refusals) {
          const refused = await refuse(c, operation)
          if (refused) return refused
        }
        // Committed before the service hears of it: a crash in between leaves "forwarded, answer unknown".
        const forwardedEntry = await audit.forwarding(c, operation)
        const response = await proxy(c.req.raw, operation)
        await audit.answered(c, operation, response, forwardedEntry)
        return response
      })
  )
}
