// Migration 0013, alert rules: shipped, so never edited (the database records its name); add the next.
import { type Kysely, sql } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    // Alert rules on the current billing period (server/console/alerts/rules/). A firing's rule_id has no
    // foreign key: deleting a rule keeps its firings, the record of what was said and when.
    await db.schema
      .createTable('alert_rules')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('percent', 'integer')
      .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_by', 'text')
      .execute()
    // One rule per kind and percent; the kinds without a percent count as 0 (NULLs never collide in a UNIQUE).
    await sql`create unique index alert_rules_by_kind_percent on alert_rules (kind, coalesce(percent, 0))`.execute(db)
    await db.schema
      .createTable('alert_firings')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('rule_id', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('period_start', 'bigint', (col) => col.notNull())
      // When the period ends: the banner shows the firings of the period under way, without asking the service.
      .addColumn('period_end', 'bigint', (col) => col.notNull())
      // The caller ID of a caller-ID rule, '' for the others: NULLs would never collide in the UNIQUE below.
      .addColumn('subject', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('fired_at', 'bigint', (col) => col.notNull())
      .addColumn('message', 'text', (col) => col.notNull())
      // Null until the channels have taken the firing: a console that stopped in between leaves it for the next round.
      .addColumn('handed_over_at', 'bigint')
      // Once per rule, period and caller ID, whichever console instance gets there first.
      .addUniqueConstraint('alert_firings_once', ['rule_id', 'period_start', 'subject'])
      .execute()
    await db.schema.createIndex('alert_firings_by_time').on('alert_firings').columns(['fired_at', 'id']).execute()
    await db.schema.createIndex('alert_firings_by_period_end').on('alert_firings').column('period_end').execute()
    await sql`create index alert_firings_not_handed_over on alert_firings (fired_at) where handed_over_at is null`.execute(
      db,
    )
    await db.schema
      .createTable('alert_dismissals')
      .addColumn('firing_id', 'text', (col) => col.notNull().references('alert_firings.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('dismissed_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('alert_dismissals_pk', ['firing_id', 'user_id'])
      .execute()
    // DEFAULT_USAGE_PERCENTS of src/api/contract/alert-schemas.ts, spelled out: a later change of the defaults
    // must not rewrite a migration that has run.
    const at = Date.now()
    for (const percent of [50, 80, 90, 100])
      await sql`insert into alert_rules (id, kind, percent, enabled, updated_at, updated_by)
          values (${`rule_usage_${percent}`}, 'usage-percent', ${percent}, 1, ${at}, null)`.execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['alert_dismissals', 'alert_firings', 'alert_rules']) await db.schema.dropTable(table).execute()
  },
})
