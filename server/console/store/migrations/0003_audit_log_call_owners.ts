// Migration 0003, audit log call owners: shipped, so never edited (the database records its name); add the next.
import { type Kysely, sql } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = (store) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('audit_log')
      .addColumn('seq', 'integer', (col) => col.primaryKey())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .addColumn('actor_user_id', 'text')
      .addColumn('actor_email', 'text')
      .addColumn('actor_role', 'text')
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('target', 'text')
      .addColumn('outcome', 'integer', (col) => col.notNull())
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('detail', 'text')
      .addColumn('prev_hash', 'text', (col) => col.notNull())
      .addColumn('hash', 'text', (col) => col.notNull())
      .execute()
    await db.schema.createIndex('audit_by_actor').on('audit_log').columns(['actor_user_id', 'seq']).execute()
    await db.schema.createIndex('audit_by_action').on('audit_log').columns(['action', 'seq']).execute()
    await db.schema.createIndex('audit_by_time').on('audit_log').column('at').execute()
    await db.schema
      .createTable('audit_guard')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('prune_allowed', 'integer', (col) => col.notNull())
      .execute()
    await sql`insert into audit_guard (id, prune_allowed) values (1, 0)`.execute(db)
    // Defence against a slip, not an attacker (who can drop triggers; the hash chain catches that).
    await store.migrations.createAuditGuards(db)
    await db.schema
      .createTable('call_owners')
      .addColumn('call_id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
      .addColumn('placed_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema.createIndex('call_owners_by_user').on('call_owners').columns(['user_id', 'placed_at']).execute()
    await db.schema.alterTable('users').addColumn('last_sign_in_at', 'bigint').execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('last_sign_in_at').execute()
    for (const table of ['call_owners', 'audit_guard', 'audit_log'])
      await sql`drop table ${sql.table(table)}`.execute(db)
  },
})
