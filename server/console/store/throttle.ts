import type { ConsoleDb } from './database'
import type { ThrottleRow } from './schema'

export function createThrottleQueries(db: ConsoleDb) {
  return {
    get: (key: string): Promise<ThrottleRow | undefined> =>
      db.selectFrom('sign_in_throttle').selectAll().where('key', '=', key).executeTakeFirst(),
    put: async (row: ThrottleRow) => {
      await db
        .insertInto('sign_in_throttle')
        .values(row)
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures: row.failures,
            window_started_at: row.window_started_at,
            locked_until: row.locked_until,
          }),
        )
        .execute()
    },
    clear: async (key: string) => {
      await db.deleteFrom('sign_in_throttle').where('key', '=', key).execute()
    },
    /** Rows whose window and lock both ended before `before`: what the sweep removes. */
    deleteStale: async (before: number) => {
      await db
        .deleteFrom('sign_in_throttle')
        .where('window_started_at', '<', before)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', before)]))
        .execute()
    },
  }
}
