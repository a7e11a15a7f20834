// Migration 0010, call metadata covering index: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    // A text term's check of a call's metadata rows reads this index alone, where the index on call_row
    // fetched every row from the table: at a million calls a common value's search took twice as long.
    await db.schema
      .createIndex('indexed_call_metadata_by_call_key')
      .on('indexed_call_metadata')
      .columns(['call_row', 'key_lower', 'value_lower'])
      .execute()
    await db.schema.dropIndex('indexed_call_metadata_by_call').execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createIndex('indexed_call_metadata_by_call')
      .on('indexed_call_metadata')
      .column('call_row')
      .execute()
    await db.schema.dropIndex('indexed_call_metadata_by_call_key').execute()
  },
})
