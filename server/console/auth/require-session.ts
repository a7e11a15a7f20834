// Every request past this point has a live session; the rest get 401 problem+json.
import type { Context, MiddlewareHandler } from 'hono'
import type { Permission } from '../../../src/api/contract/console-schemas'
import { problem, sendProblem } from '../http/problem'
import type { LogVariables } from '../http/request-log'
import { can } from '../roles'
import type { SessionCookie } from './session-cookie'
import type { ActiveSession, SessionService } from './sessions'

type SessionVariables = LogVariables & {
  session: ActiveSession
  /** Why the console itself refused the request, for the audit trail (audit/refusals.ts). */
  refusal?: 'role' | 'cross-site'
  /** The person's pace has counted this request already (a refusal is then not counted twice: audit/refusals.ts). */
  paced?: true
}
export type SessionEnv = { Variables: SessionVariables }

export function requireSession(sessions: SessionService, cookie: SessionCookie): MiddlewareHandler<SessionEnv> {
  return async (c, next) => {
    const session = await sessions.resolve(cookie.read(c))
    if (!session) {
      cookie.clear(c)
      return sendProblem(c, 401, 'Sign-in required', 'Your session has ended or you are not signed in. Sign in again.')
    }
    c.set('session', session)
    c.set('userId', session.userId)
    await next()
  }
}

/** 403 for a role that lacks the permission; the context is marked so the refusal is audited. */
export function forbidden(c: Context<SessionEnv>): Response {
  c.set('refusal', 'role')
  return problem(403, 'Not available for your role', 'Your role does not allow this. Ask an admin if you need it.')
}

/** For the console's own routes; the voice operations are authorised by operations.ts. */
export function requirePermission(permission: Permission): MiddlewareHandler<SessionEnv> {
  return async (c, next) => {
    if (!can(c.get('session').role, permission)) return forbidden(c)
    await next()
  }
}
