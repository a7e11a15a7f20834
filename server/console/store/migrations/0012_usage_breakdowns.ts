// Migration 0012, usage breakdowns: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    // The usage breakdowns (usage/README.md) add up a period's calls: this index holds every column they
    // read, so a 30-day period of a million calls is read from it alone (bench/usage.ts: its figures).
    await db.schema
      .createIndex('indexed_calls_for_usage')
      .on('indexed_calls')
      .columns(['created_at', 'status', 'needs_details', 'billed_minutes', 'duration_seconds', 'caller_id', 'call_id'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('indexed_calls_for_usage').execute()
  },
})
