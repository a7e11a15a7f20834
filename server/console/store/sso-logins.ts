import type { ConsoleDb } from './database'
import type { SsoLoginRow } from './schema'

export function createSsoLoginQueries(db: ConsoleDb) {
  return {
    insert: async (row: SsoLoginRow) => {
      await db.insertInto('sso_logins').values(row).execute()
    },
    /** Reads and deletes in one statement: a callback URL works once, even when two arrive together. */
    take: async (idHash: string): Promise<SsoLoginRow | undefined> =>
      db.deleteFrom('sso_logins').where('id_hash', '=', idHash).returningAll().executeTakeFirst(),
    /** Sign-ins under way now: what the start limit's ceiling counts. */
    countPending: async (now: number): Promise<number> => {
      const row = await db
        .selectFrom('sso_logins')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },
    deleteExpired: async (now: number) => {
      await db.deleteFrom('sso_logins').where('expires_at', '<=', now).execute()
    },
  }
}
