// Migration 0005, sso identities: shipped, so never edited (the database records its name); add the next.
import { type Kysely, sql } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    // Null for local accounts; a person signed in through SSO is found by the pair, not by email.
    await db.schema.alterTable('users').addColumn('sso_issuer', 'text').execute()
    await db.schema.alterTable('users').addColumn('sso_subject', 'text').execute()
    await db.schema
      .createIndex('users_by_sso_identity')
      .unique()
      .on('users')
      .columns(['sso_issuer', 'sso_subject'])
      .execute()
    await db.schema
      .createTable('sso_logins')
      .addColumn('id_hash', 'text', (col) => col.primaryKey())
      .addColumn('state', 'text', (col) => col.notNull())
      .addColumn('nonce', 'text', (col) => col.notNull())
      .addColumn('code_verifier', 'text', (col) => col.notNull())
      .addColumn('return_to', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table sso_logins`.execute(db)
    await db.schema.dropIndex('users_by_sso_identity').execute()
    await db.schema.alterTable('users').dropColumn('sso_subject').execute()
    await db.schema.alterTable('users').dropColumn('sso_issuer').execute()
  },
})
