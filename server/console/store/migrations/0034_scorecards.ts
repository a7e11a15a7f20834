// Migration 0034, scorecards: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    // Issue 53, item 6: scorecards with every version kept (a score keeps the version it was given against), and
    // each scorer's one score of a call per scorecard.
    await db.schema
      .createTable('scorecards')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('archived', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createTable('scorecard_versions')
      .addColumn('scorecard_id', 'text', (col) => col.notNull().references('scorecards.id'))
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('questions', 'text', (col) => col.notNull())
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('scorecard_versions_pk', ['scorecard_id', 'version'])
      .execute()
    await db.schema
      .createTable('call_scores')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('call_id', 'text', (col) => col.notNull())
      .addColumn('scorecard_id', 'text', (col) => col.notNull().references('scorecards.id'))
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('scorer_id', 'text', (col) => col.notNull())
      .addColumn('placer_id', 'text')
      .addColumn('answers', 'text', (col) => col.notNull())
      .addColumn('score_tenths', 'integer', (col) => col.notNull())
      .addColumn('comment', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addUniqueConstraint('call_scores_one_per_scorer', ['call_id', 'scorecard_id', 'scorer_id'])
      .execute()
    // The summaries read a period's scores; the retention prune finds old ones by their last change.
    await db.schema.createIndex('call_scores_by_time').on('call_scores').column('created_at').execute()
    await db.schema.createIndex('call_scores_by_change').on('call_scores').column('updated_at').execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('call_scores').execute()
    await db.schema.dropTable('scorecard_versions').execute()
    await db.schema.dropTable('scorecards').execute()
  },
})
