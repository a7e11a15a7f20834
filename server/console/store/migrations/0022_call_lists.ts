// Migration 0022, call lists: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = (store) => ({
  async up(db: Kysely<unknown>) {
    // Call lists (call-lists/): the list and its settings, who works it, its contacts and every call to them.
    await db.schema
      .createTable('call_lists')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('caller_id', 'text')
      .addColumn('record', 'integer', (col) => col.notNull())
      .addColumn('come_back_minutes', 'integer', (col) => col.notNull().defaultTo(120))
      .addColumn('max_tries', 'integer', (col) => col.notNull().defaultTo(3))
      .addColumn('everyone', 'integer', (col) => col.notNull())
      .addColumn('paused', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('archived', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_by', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createTable('call_list_assignees')
      .addColumn('list_id', 'text', (col) => col.notNull().references('call_lists.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('call_list_assignees_pk', ['list_id', 'user_id'])
      .execute()
    await db.schema
      .createTable('call_list_contacts')
      .addColumn('id', store.rowIdType, (col) => col.primaryKey())
      .addColumn('list_id', 'text', (col) => col.notNull().references('call_lists.id').onDelete('cascade'))
      .addColumn('line', 'integer', (col) => col.notNull())
      .addColumn('number', 'text', (col) => col.notNull())
      .addColumn('metadata', 'text', (col) => col.notNull())
      .addColumn('state', 'text', (col) => col.notNull())
      .addColumn('tries', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_at', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('claimed_by', 'text')
      .addColumn('claim_expires_at', 'bigint')
      .addColumn('claim_call_id', 'text')
      .addColumn('last_call_id', 'text')
      .addColumn('last_outcome', 'text')
      .execute()
    // The next contact: a list's waiting ones, due first, in the file's order.
    await db.schema
      .createIndex('call_list_contacts_next')
      .on('call_list_contacts')
      .columns(['list_id', 'state', 'next_at', 'id'])
      .execute()
    await db.schema
      .createIndex('call_list_contacts_claimed')
      .on('call_list_contacts')
      .columns(['list_id', 'claimed_by'])
      .execute()
    await db.schema
      .createTable('call_list_attempts')
      .addColumn('call_id', 'text', (col) => col.primaryKey())
      .addColumn('list_id', 'text', (col) => col.notNull().references('call_lists.id').onDelete('cascade'))
      .addColumn('contact_id', 'bigint', (col) => col.notNull())
      .addColumn('by_user_id', 'text', (col) => col.notNull())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .addColumn('outcome', 'text')
      .execute()
    await db.schema
      .createIndex('call_list_attempts_by_contact')
      .on('call_list_attempts')
      .columns(['contact_id', 'at'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['call_list_attempts', 'call_list_contacts', 'call_list_assignees', 'call_lists'])
      await db.schema.dropTable(table).execute()
  },
})
