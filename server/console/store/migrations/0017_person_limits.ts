// Migration 0017, person limits: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    // Each person's request pace, shared by every console instance: a token bucket per person and limit,
    // taken from in one conditional upsert (http/user-rate-limit.ts).
    await db.schema
      .createTable('person_rate_buckets')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('tokens', 'double precision', (col) => col.notNull())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .execute()
    // Short claims that lapse unless renewed (a person's exports under way, a password being checked): a
    // dead instance's claims end by themselves.
    await db.schema
      .createTable('person_claims')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('holder', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .execute()
    // What the storage proxy learnt from the voice service's answers, so the instance that serves a recording
    // knows what the instance that relayed its link learnt: the origins, and each link's call.
    await db.schema
      .createTable('learnt_storage_origins')
      .addColumn('origin', 'text', (col) => col.primaryKey())
      .addColumn('seen_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createTable('recording_links')
      .addColumn('link', 'text', (col) => col.primaryKey())
      .addColumn('call_id', 'text', (col) => col.notNull())
      .addColumn('seen_at', 'bigint', (col) => col.notNull())
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('recording_links').execute()
    await db.schema.dropTable('learnt_storage_origins').execute()
    await db.schema.dropTable('person_claims').execute()
    await db.schema.dropTable('person_rate_buckets').execute()
  },
})
