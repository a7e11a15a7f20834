// Every request the console refused for a role (403) or as cross-site is audited here, once,
// after the handler marked it (require-session.ts forbidden(), http/csrf.ts). Refusals are folded a minute at a
// time (refusal-tally.ts), so a flood cannot fill the trail: an anonymous sender's counted by address, a signed-in
// person's by route. A signed-in person's refusal also spends their pace, as any request does: one the pace has
// not already counted takes a token here, and past the pace the answer is a 429.
import type { Context, MiddlewareHandler } from 'hono'
import type { AuditActor } from '../../../src/api/contract/audit-schemas'
import type { SessionEnv } from '../auth/require-session'
import { problem } from '../http/problem'
import type { UserRateLimiter } from '../http/user-rate-limit'
import type { RefusalTally } from './refusal-tally'
import { actorOf, requestFacts } from './request-facts'

export function auditRefusals(
  /** A cross-site request is refused before its session is read; who sent it is looked up here. */
  actorOfCookie: (c: Context) => Promise<AuditActor | null>,
  refusals: RefusalTally,
  /** The person's pace for refusals no route has paced (the console's own queries' pace). */
  pace: Pick<UserRateLimiter, 'take'>,
): MiddlewareHandler<SessionEnv> {
  return async (c, next) => {
    await next()
    const refusal = c.get('refusal')
    if (!refusal) return
    const session = c.get('session')
    const actor = session ? actorOf(session) : await actorOfCookie(c)
    const action = refusal === 'role' ? 'request.forbidden' : 'request.cross-site-refused'
    // The path only: a signed recording link's query is a credential.
    const target = `${c.req.method} ${c.get('route') ?? new URL(c.req.url).pathname}`
    const facts = requestFacts(c)
    if (!actor) return refusals.note({ ip: facts.ip, action, route: target, outcome: c.res.status })
    if (!c.get('paced')) {
      const decision = await pace.take(actor.userId)
      if (!decision.allowed) c.res = tooFast(decision.retryAfterSeconds)
    }
    await refusals.notePerson({ actor, action, target, outcome: c.res.status, ...facts })
  }
}

function tooFast(retryAfterSeconds: number): Response {
  return problem(
    429,
    'Too many requests',
    `You are sending requests faster than the console allows for one person. Wait ${retryAfterSeconds} s and try again.`,
    { 'Retry-After': String(retryAfterSeconds) },
  )
}
