import type { ConsoleDb } from './database'

export function createSecretQueries(db: ConsoleDb) {
  return {
    /** The stored value, or `make()`'s on first use; two processes starting together keep the first insert. */
    getOrCreate: async (name: string, make: () => string): Promise<string> => {
      await db
        .insertInto('console_secrets')
        .values({ name, value: make() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute()
      const row = await db
        .selectFrom('console_secrets')
        .select('value')
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
      return row.value
    },
  }
}
