// The changes an admin makes to a person, from the Users page or the server's shell: one place
// that keeps an active admin on the console and writes each change, or refusal, to the audit trail.
import type { AuditActor } from '../../../src/api/contract/audit-schemas'
import type { Role } from '../../../src/api/contract/console-schemas'
import type { AuditEvent, AuditLog } from '../audit/audit-log'
import type { ConsoleStore } from '../store'
import type { UserRow } from '../store/schema'

/** Who asks, and from where: a signed-in admin's request, or the shell (actor null, via 'cli'). */
export interface ChangedBy {
  actor: AuditActor | null
  ip?: string | null
  userAgent?: string | null
  via?: 'cli'
}

export const CLI: ChangedBy = { actor: null, via: 'cli' }

export type Refusal = 'last-admin' | 'self' | 'not-found'
/** 200 with the sessions it ended, or a refusal (nothing changed). */
export type ChangeResult = { status: 200; sessionsEnded: number } | { status: 404 | 409; refusal: Refusal }

const done = (sessionsEnded = 0): ChangeResult => ({ status: 200, sessionsEnded })
const refused = (refusal: Refusal): ChangeResult => ({ status: refusal === 'not-found' ? 404 : 409, refusal })

export function createUserAdmin(store: ConsoleStore, audit: AuditLog) {
  const record = (
    by: ChangedBy,
    event: Pick<AuditEvent, 'action' | 'outcome'> & { target: string; detail?: Record<string, unknown> },
  ) =>
    audit.record({
      actor: by.actor,
      ip: by.ip ?? null,
      userAgent: by.userAgent ?? null,
      ...event,
      detail: { ...event.detail, ...(by.via ? { via: by.via } : {}) },
    })

  return {
    /** Applies on the person's next request: sessions read the role from their user row each time. */
    async changeRole(user: UserRow, to: Role, by: ChangedBy): Promise<ChangeResult> {
      if (user.role === to) return done()
      const change = await store.users.setRoleGuarded(user.id, to)
      const result = change === 'changed' ? done() : refused(change)
      await record(by, {
        action: 'user.role-changed',
        target: user.email,
        outcome: result.status,
        detail: { from: user.role, to, ...(result.status !== 200 ? { refused: result.refusal } : {}) },
      })
      return result
    },

    /** No more sign-ins, and every session ends now. An admin cannot lock themselves out this way. */
    async deactivate(user: UserRow, by: ChangedBy): Promise<ChangeResult> {
      const change = by.actor?.userId === user.id ? 'self' : await store.users.setActiveGuarded(user.id, false)
      const result = change === 'changed' ? done(await store.sessions.deleteForUser(user.id)) : refused(change)
      await record(by, {
        action: 'user.deactivated',
        target: user.email,
        outcome: result.status,
        detail: result.status === 200 ? { sessionsEnded: result.sessionsEnded } : { refused: result.refusal },
      })
      return result
    },

    async reactivate(user: UserRow, by: ChangedBy): Promise<ChangeResult> {
      await store.users.setActive(user.id, true)
      await record(by, { action: 'user.reactivated', target: user.email, outcome: 200 })
      return done()
    },

    /** Signs the person out everywhere; they can sign in again. */
    async endSessions(user: UserRow, by: ChangedBy): Promise<ChangeResult> {
      const count = await store.sessions.deleteForUser(user.id)
      await record(by, { action: 'sessions.ended', target: user.email, outcome: 200, detail: { count } })
      return done(count)
    },

    /** A new password ends the sessions that knew the old one. */
    async setPassword(user: UserRow, passwordHash: string, by: ChangedBy): Promise<ChangeResult> {
      await store.users.setPassword(user.id, passwordHash)
      const count = await store.sessions.deleteForUser(user.id)
      await record(by, {
        action: 'user.password-set',
        target: user.email,
        outcome: 200,
        detail: { sessionsEnded: count },
      })
      return done(count)
    },

    /** From the shell only: the Users page invites instead, and the person chooses their own password. */
    async add(input: { email: string; role: Role; passwordHash: string; now: number }, by: ChangedBy) {
      const user = await store.users.add(input)
      await record(by, { action: 'user.set-up', target: user.email, outcome: 200, detail: { role: user.role } })
      return user
    },
  }
}

export type UserAdmin = ReturnType<typeof createUserAdmin>
