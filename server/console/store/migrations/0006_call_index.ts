// Migration 0006, call index: shipped, so never edited (the database records its name); add the next.
import { type Kysely, sql } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = (store) => ({
  async up(db: Kysely<unknown>) {
    // The call index (calls/index/): the list's fields at once, the detail's once fetched (null until then).
    await db.schema
      .createTable('indexed_calls')
      .addColumn('id', store.rowIdType, (col) => col.primaryKey())
      .addColumn('call_id', 'text', (col) => col.notNull().unique())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('caller_id', 'text', (col) => col.notNull())
      .addColumn('destination', 'text', (col) => col.notNull())
      .addColumn('caller_digits', 'text', (col) => col.notNull())
      .addColumn('destination_digits', 'text', (col) => col.notNull())
      .addColumn('duration_seconds', 'integer')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('billed_minutes', 'integer')
      .addColumn('has_recording', 'integer')
      .addColumn('voicemail_drop', 'integer')
      .addColumn('source', 'text')
      .addColumn('metadata', 'text')
      .addColumn('updated_at', 'bigint')
      .addColumn('details_at', 'bigint')
      .addColumn('needs_details', 'integer', (col) => col.notNull().defaultTo(0))
      .execute()
    await db.schema
      .createIndex('indexed_calls_by_time')
      .on('indexed_calls')
      .columns(['created_at desc', 'call_id desc'])
      .execute()
    await db.schema
      .createIndex('indexed_calls_by_status')
      .on('indexed_calls')
      .columns(['status', 'created_at'])
      .execute()
    await db.schema
      .createIndex('indexed_calls_by_caller')
      .on('indexed_calls')
      .columns(['caller_id', 'created_at'])
      .execute()
    // The detail queue, newest first: a partial index stays as small as the queue.
    await sql`create index indexed_calls_needing_details on indexed_calls (created_at desc)
        where needs_details = 1`.execute(db)
    await db.schema
      .createTable('indexed_call_metadata')
      .addColumn('call_row', 'integer', (col) => col.notNull().references('indexed_calls.id').onDelete('cascade'))
      .addColumn('key_lower', 'text', (col) => col.notNull())
      .addColumn('value_lower', 'text', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('indexed_call_metadata_by_call')
      .on('indexed_call_metadata')
      .column('call_row')
      .execute()
    // Substring search over a million rows: trigrams of the numbers' digits and of the metadata values.
    await store.migrations.createTextTable(db)
    await db.schema
      .createTable('call_index_sync')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('watermark', 'bigint')
      .addColumn('synced_to', 'bigint')
      .addColumn('backfill_running', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('backfill_to', 'bigint')
      .addColumn('backfill_cursor', 'text')
      .addColumn('backfill_oldest', 'bigint')
      .addColumn('backfill_listed', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('backfill_estimated_total', 'integer')
      .addColumn('backfill_since', 'bigint')
      .addColumn('backfill_finished_at', 'bigint')
      .execute()
    await sql`insert into call_index_sync (id) values (1)`.execute(db)
  },
  async down(db: Kysely<unknown>) {
    await store.migrations.dropTextTable(db)
    for (const table of ['call_index_sync', 'indexed_call_metadata', 'indexed_calls'])
      await sql`drop table ${sql.table(table)}`.execute(db)
  },
})
