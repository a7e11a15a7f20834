// Migration 0033, report subscriptions: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    // Issue 53, item 4: usage reports by email. One subscription per person and frequency; one delivery per
    // subscription and period (the UNIQUE pair is the claim that makes it once across instances).
    await db.schema
      .createTable('report_subscriptions')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('frequency', 'text', (col) => col.notNull())
      .addColumn('time_zone', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('created_by', 'text')
      .addUniqueConstraint('report_subscriptions_once_per_person', ['user_id', 'frequency'])
      .execute()
    await db.schema
      .createTable('report_deliveries')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('subscription_id', 'text', (col) =>
        col.notNull().references('report_subscriptions.id').onDelete('cascade'),
      )
      .addColumn('period_start', 'bigint', (col) => col.notNull())
      .addColumn('period_end', 'bigint', (col) => col.notNull())
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
      .addUniqueConstraint('report_deliveries_once_per_period', ['subscription_id', 'period_start'])
      .execute()
    await db.schema
      .createIndex('report_deliveries_due')
      .on('report_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('report_deliveries').execute()
    await db.schema.dropTable('report_subscriptions').execute()
  },
})
