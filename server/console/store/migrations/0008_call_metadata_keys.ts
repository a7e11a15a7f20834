// Migration 0008, call metadata keys: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = (store) => ({
  async up(db: Kysely<unknown>) {
    // The CSV export gives each metadata key of the calls it selects a column, named as the API spells
    // the key; search keeps comparing key_lower. The index makes the keys cheap to list (calls/index/README.md).
    await db.schema
      .alterTable('indexed_call_metadata')
      .addColumn('key', 'text', (col) => col.notNull().defaultTo(''))
      .execute()
    // Rows written before: the spelling from the call's own metadata.
    await store.migrations.spellExistingMetadataKeys(db)
    await db.schema
      .createIndex('indexed_call_metadata_by_key')
      .on('indexed_call_metadata')
      .columns(['key', 'call_row'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('indexed_call_metadata_by_key').execute()
    await db.schema.alterTable('indexed_call_metadata').dropColumn('key').execute()
  },
})
