// Migration 0036, metadata key values: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    // Issue 54, item 4: a key's distinct values, a seek each, and the calls of one value as a range (an agent's
    // name on thousands of calls), where the trigram table intersects trigram lists that long. Built on a store of
    // a million calls it takes tens of seconds, and the index's writes wait for it (docs/upgrading.md).
    await db.schema
      .createIndex('indexed_call_metadata_by_key_value')
      // Built beforehand with CONCURRENTLY, as docs/upgrading.md offers on PostgreSQL: nothing left to do.
      .ifNotExists()
      .on('indexed_call_metadata')
      .columns(['key_lower', 'value_lower', 'call_row'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('indexed_call_metadata_by_key_value').execute()
  },
})
