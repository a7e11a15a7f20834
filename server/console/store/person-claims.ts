// The person_claims table: claims that lapse unless renewed (a person's exports under way, a password being
// checked), shared by every console instance. A claim whose holder died ends by itself at expires_at.
import type { ConsoleDb } from './database'

export function createPersonClaimQueries(db: ConsoleDb) {
  return {
    /**
     * Claims `key` for `holder` until `now + ttlMs` when it is free or has lapsed; whether it was taken. One
     * conditional upsert: of instances racing for the same key, one wins.
     */
    claim: async (key: string, holder: string, now: number, ttlMs: number): Promise<boolean> => {
      const row = await db
        .insertInto('person_claims')
        .values({ key, holder, expires_at: now + ttlMs })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet({ holder, expires_at: now + ttlMs })
            .where('person_claims.expires_at', '<=', now),
        )
        .returning('holder')
        .executeTakeFirst()
      return row?.holder === holder
    },
    /** Keeps `holder`'s claims alive until `now + ttlMs`. */
    renew: async (holder: string, now: number, ttlMs: number) => {
      await db
        .updateTable('person_claims')
        .set({ expires_at: now + ttlMs })
        .where('holder', '=', holder)
        .execute()
    },
    /** Ends `holder`'s claims at once. */
    release: async (holder: string) => {
      await db.deleteFrom('person_claims').where('holder', '=', holder).execute()
    },
    deleteLapsed: async (now: number) => {
      await db.deleteFrom('person_claims').where('expires_at', '<=', now).execute()
    },
  }
}
