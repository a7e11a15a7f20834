// Migration 0029, audit personal values: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import { convertAuditTrail } from '../audit-trail-conversion'
import type { ConsoleDatabase } from '../schema'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = (store) => ({
  async up(outer: Kysely<unknown>) {
    // Issue 52: an audit entry's personal values live beside the chain, its hash covering only their tokens, so
    // that a number can be erased and the trail still verifies (audit/personal-fields.ts). The entries written
    // before are converted and the chain hashed again, with the table, in one transaction (audit/convert-trail.ts).
    await store.migrations.inAuditTurn(outer, async (db) => {
      await db.schema
        .createTable('audit_personal_values')
        .addColumn('token', 'text', (col) => col.primaryKey())
        .addColumn('seq', 'integer', (col) => col.notNull())
        .addColumn('subject', 'text')
        .addColumn('value', 'text', (col) => col.notNull())
        .addColumn('digits', 'text', (col) => col.notNull())
        .execute()
      await db.schema.createIndex('audit_personal_values_by_seq').on('audit_personal_values').column('seq').execute()
      await db.schema
        .createIndex('audit_personal_values_by_subject')
        .on('audit_personal_values')
        .column('subject')
        .execute()
      await convertAuditTrail(db as Kysely<ConsoleDatabase>, Date.now())
    })
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('audit_personal_values').execute()
  },
})
