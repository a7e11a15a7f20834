// Migration 0014, alert delivery: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    // Where alerts go. A webhook's secret signs its deliveries (Standard Webhooks): it leaves the server once,
    // in the answer that creates the channel.
    await db.schema
      .createTable('alert_channels')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('url', 'text')
      .addColumn('recipients', 'text')
      .addColumn('secret', 'text')
      .addColumn('enabled', 'integer', (col) => col.notNull())
      .addColumn('disabled_reason', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()
    // One row per message: its id is the webhook-id every retry repeats. The unique pair makes a firing fan
    // out once per channel, whichever console instance sees it first (a test's firing_id is null: never equal).
    await db.schema
      .createTable('alert_deliveries')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('channel_id', 'text', (col) => col.notNull().references('alert_channels.id').onDelete('cascade'))
      .addColumn('firing_id', 'text')
      .addColumn('event_type', 'text', (col) => col.notNull())
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
      .addUniqueConstraint('alert_deliveries_once_per_channel', ['firing_id', 'channel_id'])
      .execute()
    await db.schema
      .createIndex('alert_deliveries_due')
      .on('alert_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute()
    await db.schema
      .createIndex('alert_deliveries_newest')
      .on('alert_deliveries')
      .columns(['created_at', 'id'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('alert_deliveries').execute()
    await db.schema.dropTable('alert_channels').execute()
  },
})
