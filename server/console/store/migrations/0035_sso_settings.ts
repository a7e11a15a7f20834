// Migration 0035, sso settings: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    // Issue 53, item 7: the OpenID provider an admin sets from the page; one row, read by every instance. The client
    // secret is sealed (auth/sso/sealed-secret.ts), never kept as typed.
    await db.schema
      .createTable('sso_settings')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('enabled', 'integer', (col) => col.notNull())
      .addColumn('issuer', 'text', (col) => col.notNull())
      .addColumn('client_id', 'text', (col) => col.notNull())
      .addColumn('client_secret_sealed', 'text')
      .addColumn('provider_name', 'text', (col) => col.notNull())
      .addColumn('allowed_domains', 'text', (col) => col.notNull())
      .addColumn('role_claim', 'text', (col) => col.notNull())
      .addColumn('role_map', 'text', (col) => col.notNull())
      .addColumn('default_role', 'text')
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_by', 'text')
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('sso_settings').execute()
  },
})
