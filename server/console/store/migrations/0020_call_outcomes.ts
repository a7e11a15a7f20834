// Migration 0020, call outcomes: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    // What follows a call (issue 51): the outcomes admins keep, in their order, the seven defaults first ...
    await db.schema
      .createTable('outcome_kinds')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('label', 'text', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('comes_back', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('asks_callback', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('archived', 'integer', (col) => col.notNull().defaultTo(0))
      .execute()
    const defaults = [
      ['reached', 'Reached', 0, 0],
      ['left-voicemail', 'Left voicemail', 0, 0],
      ['no-answer', 'No answer', 1, 0],
      ['busy', 'Busy', 1, 0],
      ['wrong-number', 'Wrong number', 0, 0],
      ['callback-requested', 'Callback requested', 0, 1],
      ['do-not-call-again', 'Do not call again', 0, 0],
    ] as const
    // Written out, not read from the contract: a migration that has shipped never changes with the code.
    await (db as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto('outcome_kinds')
      .values(
        defaults.map(([id, label, comesBack, asksCallback], position) => ({
          id,
          label,
          position,
          comes_back: comesBack,
          asks_callback: asksCallback,
          archived: 0,
        })),
      )
      .execute()
    // ... each call's outcome, one per call, keyed by the service's call_id ...
    await db.schema
      .createTable('call_outcomes')
      .addColumn('call_id', 'text', (col) => col.primaryKey())
      .addColumn('kind_id', 'text', (col) => col.notNull().references('outcome_kinds.id'))
      .addColumn('recorded_by', 'text', (col) => col.notNull())
      .addColumn('recorded_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_by', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema.createIndex('call_outcomes_by_kind').on('call_outcomes').column('kind_id').execute()
    // ... its note as it reads now ...
    await db.schema
      .createTable('call_notes')
      .addColumn('call_id', 'text', (col) => col.primaryKey())
      .addColumn('text', 'text', (col) => col.notNull())
      .addColumn('author_id', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_by', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addColumn('version', 'integer', (col) => col.notNull())
      .execute()
    // ... and every version of it, which the audit trail names by hash (audit/call-work-events.ts says why).
    await db.schema
      .createTable('call_note_versions')
      .addColumn('call_id', 'text', (col) => col.notNull())
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('text', 'text', (col) => col.notNull())
      .addColumn('saved_by', 'text', (col) => col.notNull())
      .addColumn('saved_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('call_note_versions_pk', ['call_id', 'version'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['call_note_versions', 'call_notes', 'call_outcomes', 'outcome_kinds'])
      await db.schema.dropTable(table).execute()
  },
})
