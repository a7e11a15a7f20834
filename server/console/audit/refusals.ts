// Every request the console refused for a role (403) or as cross-site is audited here, once,
// after the handler marked it (require-session.ts forbidden(), http/csrf.ts). A signed-in sender's
// refusal is one entry each; an anonymous one is counted (refusal-tally.ts), so a flood cannot fill the trail.
import type { Context, MiddlewareHandler } from 'hono'
import type { AuditActor } from '../../../src/api/contract/audit-schemas'
import type { SessionEnv } from '../auth/require-session'
import type { AuditLog } from './audit-log'
import type { RefusalTally } from './refusal-tally'
import { actorOf, requestFacts } from './request-facts'

export function auditRefusals(
  audit: AuditLog,
  /** A cross-site request is refused before its session is read; who sent it is looked up here. */
  actorOfCookie: (c: Context) => Promise<AuditActor | null>,
  anonymous: RefusalTally,
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
    if (!actor) return anonymous.note({ ip: facts.ip, action, route: target, outcome: c.res.status })
    await audit.record({ actor, action, target, outcome: c.res.status, ...facts })
  }
}
