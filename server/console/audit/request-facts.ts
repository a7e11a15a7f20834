// What every audit entry says about the request: who (as they are now), from where, with what.
import type { Context } from 'hono'
import type { AuditActor } from '../../../src/api/contract/audit-schemas'
import type { ActiveSession } from '../auth/sessions'
import { clientAddress } from '../http/client-address'

export const actorOf = (person: Pick<ActiveSession, 'userId' | 'email' | 'role'>): AuditActor => ({
  userId: person.userId,
  email: person.email,
  role: person.role,
})

export const requestFacts = (c: Context) => ({
  ip: clientAddress(c),
  userAgent: c.req.header('user-agent') ?? null,
})
