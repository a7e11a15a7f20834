// Every request the console refused for a role (403) or as cross-site is audited here, once,
// after the handler marked it (require-session.ts forbidden(), http/csrf.ts).
import type { Context, MiddlewareHandler } from 'hono'
import type { AuditActor } from '../../../src/api/audit-schemas'
import type { SessionEnv } from '../auth/require-session'
import type { AuditLog } from './audit-log'
import { actorOf, requestFacts } from './request-facts'

export function auditRefusals(
  audit: AuditLog,
  /** A cross-site request is refused before its session is read; who sent it is looked up here. */
  actorOfCookie: (c: Context) => Promise<AuditActor | null>,
): MiddlewareHandler<SessionEnv> {
  return async (c, next) => {
    await next()
    const refusal = c.get('refusal')
    if (!refusal) return
    const session = c.get('session')
    await audit.record({
      actor: session ? actorOf(session) : await actorOfCookie(c),
      action: refusal === 'role' ? 'request.forbidden' : 'request.cross-site-refused',
      // The path only: a signed recording link's query is a credential.
      target: `${c.req.method} ${c.get('route') ?? new URL(c.req.url).pathname}`,
      outcome: c.res.status,
      ...requestFacts(c),
    })
  }
}
