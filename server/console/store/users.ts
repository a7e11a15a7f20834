import { randomUUID } from 'node:crypto'
import type { ExpressionBuilder } from 'kysely'
import type { Role, TimeZonePreference } from '../../../src/api/contract/console-schemas'
import type { ConsoleDb } from './database'
import type { ConsoleDatabase, UserRow } from './schema'

/** What a guarded change did: `last-admin` when it would have left no active admin, and nothing changed. */
export type GuardedChange = 'changed' | 'last-admin' | 'not-found'

// True when the row being changed is not the last active admin: it is no active admin, or another one exists.
const notLastActiveAdmin = (eb: ExpressionBuilder<ConsoleDatabase, 'users'>) =>
  eb.or([
    eb('users.role', '!=', 'admin'),
    eb('users.active', '!=', 1),
    eb.exists(
      eb
        .selectFrom('users as other')
        .select('other.id')
        .where('other.role', '=', 'admin')
        .where('other.active', '=', 1)
        .whereRef('other.id', '!=', 'users.id'),
    ),
  ])

/** Who a person is at their OpenID provider: `sub` is unique only within its issuer. */
export interface SsoIdentity {
  issuer: string
  subject: string
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase()

export function createUserQueries(db: ConsoleDb) {
  return {
    count: async (): Promise<number> => {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
      return Number(row?.n ?? 0)
    },
    byEmail: (email: string): Promise<UserRow | undefined> =>
      db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst(),
    byId: (id: string): Promise<UserRow | undefined> =>
      db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    list: (): Promise<UserRow[]> => db.selectFrom('users').selectAll().orderBy('email').execute(),
    add: async (input: {
      email: string
      passwordHash: string
      role: Role
      now: number
      ssoIdentity?: SsoIdentity
    }): Promise<UserRow> => {
      const row = {
        id: `usr_${randomUUID().replaceAll('-', '')}`,
        email: normalizeEmail(input.email),
        password_hash: input.passwordHash,
        role: input.role,
        active: 1,
        created_at: input.now,
        time_zone: 'browser' as const,
        last_sign_in_at: null,
        sso_issuer: input.ssoIdentity?.issuer ?? null,
        sso_subject: input.ssoIdentity?.subject ?? null,
      }
      await db.insertInto('users').values(row).execute()
      return row
    },
    byIdentity: (identity: SsoIdentity): Promise<UserRow | undefined> =>
      db
        .selectFrom('users')
        .selectAll()
        .where('sso_issuer', '=', identity.issuer)
        .where('sso_subject', '=', identity.subject)
        .executeTakeFirst(),
    /** Ties an account to the provider's person; later sign-ins find it by the pair. */
    linkIdentity: async (id: string, identity: SsoIdentity) => {
      await db
        .updateTable('users')
        .set({ sso_issuer: identity.issuer, sso_subject: identity.subject })
        .where('id', '=', id)
        .execute()
    },
    setEmail: async (id: string, email: string) => {
      await db
        .updateTable('users')
        .set({ email: normalizeEmail(email) })
        .where('id', '=', id)
        .execute()
    },
    setRole: async (id: string, role: Role) => {
      await db.updateTable('users').set({ role }).where('id', '=', id).execute()
    },
    /**
     * A role change that never leaves the console without an active admin. One statement, so two
     * admins demoting each other at once cannot both succeed.
     */
    setRoleGuarded: async (id: string, role: Role): Promise<GuardedChange> => {
      const result = await db
        .updateTable('users')
        .set({ role })
        .where('id', '=', id)
        .where((eb) => (role === 'admin' ? eb.lit(true) : notLastActiveAdmin(eb)))
        .executeTakeFirst()
      return guardedOutcome(db, id, result.numUpdatedRows)
    },
    /** Activation as setActive, except that the last active admin is never deactivated. */
    setActiveGuarded: async (id: string, active: boolean): Promise<GuardedChange> => {
      const result = await db
        .updateTable('users')
        .set({ active: active ? 1 : 0 })
        .where('id', '=', id)
        .where((eb) => (active ? eb.lit(true) : notLastActiveAdmin(eb)))
        .executeTakeFirst()
      return guardedOutcome(db, id, result.numUpdatedRows)
    },
    setPassword: async (id: string, passwordHash: string) => {
      await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute()
    },
    setTimeZone: async (id: string, timeZone: TimeZonePreference) => {
      await db.updateTable('users').set({ time_zone: timeZone }).where('id', '=', id).execute()
    },
    recordSignIn: async (id: string, at: number) => {
      await db.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', id).execute()
    },
    setActive: async (id: string, active: boolean) => {
      await db
        .updateTable('users')
        .set({ active: active ? 1 : 0 })
        .where('id', '=', id)
        .execute()
    },
  }
}

async function guardedOutcome(db: ConsoleDb, id: string, updated: bigint): Promise<GuardedChange> {
  if (updated > 0n) return 'changed'
  const exists = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()
  return exists ? 'last-admin' : 'not-found'
}

export type UserQueries = ReturnType<typeof createUserQueries>
