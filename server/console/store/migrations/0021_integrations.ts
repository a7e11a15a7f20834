// Migration 0021, integrations: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    // Where the console's call events go (integrations/): a webhook URL and its signing secret (answered once,
    // never logged), and the events it chose, a JSON array of names.
    await db.schema
      .createTable('integrations')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('url', 'text', (col) => col.notNull())
      .addColumn('secret', 'text', (col) => col.notNull())
      .addColumn('events', 'text', (col) => col.notNull())
      .addColumn('enabled', 'integer', (col) => col.notNull())
      .addColumn('disabled_reason', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()
    // One row per message to one destination; its id is the webhook-id every retry repeats. The unique pair
    // sends an event once per destination whichever console instance learns of it (`call.ended:<call_id>`;
    // a test's event_key is null: never equal).
    await db.schema
      .createTable('integration_deliveries')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('integration_id', 'text', (col) => col.notNull().references('integrations.id').onDelete('cascade'))
      .addColumn('event_key', 'text')
      .addColumn('event_type', 'text', (col) => col.notNull())
      .addColumn('call_id', 'text')
      .addColumn('payload', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint')
      .addColumn('claimed_until', 'bigint')
      .addColumn('last_attempt_at', 'bigint')
      .addColumn('response_status', 'integer')
      .addColumn('response_time_ms', 'integer')
      .addColumn('response_excerpt', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addUniqueConstraint('integration_deliveries_once', ['event_key', 'integration_id'])
      .execute()
    await db.schema
      .createIndex('integration_deliveries_due')
      .on('integration_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute()
    await db.schema
      .createIndex('integration_deliveries_newest')
      .on('integration_deliveries')
      .columns(['created_at', 'id'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('integration_deliveries').execute()
    await db.schema.dropTable('integrations').execute()
  },
})
