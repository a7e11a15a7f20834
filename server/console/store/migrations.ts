// Versioned migrations, applied in name order at start and recorded by Kysely's
// migrator: never edit one that has shipped; add the next.
import { type Kysely, sql } from 'kysely'
import type { Migration, MigrationProvider } from 'kysely/migration'
import { convertAuditTrail } from '../audit/convert-trail'
import type { StoreAdapter } from './adapter'
import { createSessionChangeTriggers, dropSessionChangeTriggers } from './postgres/session-change-triggers'
import type { ConsoleDatabase } from './schema'

/** The migrations, with what the two stores spell differently taken from the store's adapter. */
const migrationsFor = (store: StoreAdapter): Record<string, Migration> => ({
  '0001_users_sessions_throttle': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('password_hash', 'text', (col) => col.notNull())
        .addColumn('role', 'text', (col) => col.notNull())
        .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute()
      await db.schema
        .createTable('sessions')
        .addColumn('id_hash', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .execute()
      await db.schema.createIndex('sessions_by_user').on('sessions').column('user_id').execute()
      await db.schema
        .createTable('sign_in_throttle')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('failures', 'integer', (col) => col.notNull())
        .addColumn('window_started_at', 'bigint', (col) => col.notNull())
        .addColumn('locked_until', 'bigint')
        .execute()
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['sign_in_throttle', 'sessions', 'users'])
        await sql`drop table ${sql.table(table)}`.execute(db)
    },
  },
  '0002_user_preferences': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('time_zone', 'text', (col) => col.notNull().defaultTo('browser'))
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('time_zone').execute()
    },
  },
  '0003_audit_log_call_owners': {
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
  },
  '0004_user_invites': {
    async up(db: Kysely<unknown>) {
      // One live invite per email: inviting again replaces the row, and with it the link.
      await db.schema
        .createTable('user_invites')
        .addColumn('token_hash', 'text', (col) => col.primaryKey())
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('role', 'text', (col) => col.notNull())
        .addColumn('invited_by', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('user_invites').execute()
    },
  },
  '0005_sso_identities': {
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
  },
  '0007_saved_views': {
    async up(db: Kysely<unknown>) {
      // A person's named filters of the calls page; shared ones are listed for everyone.
      await db.schema
        .createTable('saved_views')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('search', 'text', (col) => col.notNull())
        .addColumn('shared', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('pinned', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute()
      await db.schema.createIndex('saved_views_by_owner').on('saved_views').column('owner_id').execute()
      await db.schema.createIndex('saved_views_shared').on('saved_views').column('shared').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('saved_views').execute()
    },
  },
  '0006_call_index': {
    async up(db: Kysely<unknown>) {
      // The call index (calls/index/): the list's fields at once, the detail's once fetched (null until then).
      await db.schema
        .createTable('indexed_calls')
        .addColumn('id', store.rowIdType, (col) => col.primaryKey())
        .addColumn('call_id', 'text', (col) => col.notNull().unique())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('caller_id', 'text', (col) => col.notNull())
        .addColumn('destination', 'text', (col) => col.notNull())
        .addColumn('caller_digits', 'text', (col) => col.notNull())
        .addColumn('destination_digits', 'text', (col) => col.notNull())
        .addColumn('duration_seconds', 'integer')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('billed_minutes', 'integer')
        .addColumn('has_recording', 'integer')
        .addColumn('voicemail_drop', 'integer')
        .addColumn('source', 'text')
        .addColumn('metadata', 'text')
        .addColumn('updated_at', 'bigint')
        .addColumn('details_at', 'bigint')
        .addColumn('needs_details', 'integer', (col) => col.notNull().defaultTo(0))
        .execute()
      await db.schema
        .createIndex('indexed_calls_by_time')
        .on('indexed_calls')
        .columns(['created_at desc', 'call_id desc'])
        .execute()
      await db.schema
        .createIndex('indexed_calls_by_status')
        .on('indexed_calls')
        .columns(['status', 'created_at'])
        .execute()
      await db.schema
        .createIndex('indexed_calls_by_caller')
        .on('indexed_calls')
        .columns(['caller_id', 'created_at'])
        .execute()
      // The detail queue, newest first: a partial index stays as small as the queue.
      await sql`create index indexed_calls_needing_details on indexed_calls (created_at desc)
        where needs_details = 1`.execute(db)
      await db.schema
        .createTable('indexed_call_metadata')
        .addColumn('call_row', 'integer', (col) => col.notNull().references('indexed_calls.id').onDelete('cascade'))
        .addColumn('key_lower', 'text', (col) => col.notNull())
        .addColumn('value_lower', 'text', (col) => col.notNull())
        .execute()
      await db.schema
        .createIndex('indexed_call_metadata_by_call')
        .on('indexed_call_metadata')
        .column('call_row')
        .execute()
      // Substring search over a million rows: trigrams of the numbers' digits and of the metadata values.
      await store.migrations.createTextTable(db)
      await db.schema
        .createTable('call_index_sync')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('watermark', 'bigint')
        .addColumn('synced_to', 'bigint')
        .addColumn('backfill_running', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('backfill_to', 'bigint')
        .addColumn('backfill_cursor', 'text')
        .addColumn('backfill_oldest', 'bigint')
        .addColumn('backfill_listed', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('backfill_estimated_total', 'integer')
        .addColumn('backfill_since', 'bigint')
        .addColumn('backfill_finished_at', 'bigint')
        .execute()
      await sql`insert into call_index_sync (id) values (1)`.execute(db)
    },
    async down(db: Kysely<unknown>) {
      await store.migrations.dropTextTable(db)
      for (const table of ['call_index_sync', 'indexed_call_metadata', 'indexed_calls'])
        await sql`drop table ${sql.table(table)}`.execute(db)
    },
  },
  '0008_call_metadata_keys': {
    async up(db: Kysely<unknown>) {
      // The CSV export gives each metadata key of the calls it selects a column, named as the API spells
      // the key; search keeps comparing key_lower. The index makes the keys cheap to list (calls/index/README.md).
      await db.schema
        .alterTable('indexed_call_metadata')
        .addColumn('key', 'text', (col) => col.notNull().defaultTo(''))
        .execute()
      // Rows written before: the spelling from the call's own metadata.
      await store.migrations.spellExistingMetadataKeys(db)
      await db.schema
        .createIndex('indexed_call_metadata_by_key')
        .on('indexed_call_metadata')
        .columns(['key', 'call_row'])
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('indexed_call_metadata_by_key').execute()
      await db.schema.alterTable('indexed_call_metadata').dropColumn('key').execute()
    },
  },
  '0009_call_index_counts': {
    async up(db: Kysely<unknown>) {
      // Every search answers the index's state: count(*) over a million calls took 45 ms a request, so
      // triggers keep both counts on the sync's row. needs_details is 0 or 1, so it adds as a number.
      for (const column of ['indexed_count', 'pending_details_count'])
        await db.schema
          .alterTable('call_index_sync')
          .addColumn(column, 'integer', (col) => col.notNull().defaultTo(0))
          .execute()
      await sql`update call_index_sync set indexed_count = (select count(*) from indexed_calls),
        pending_details_count = (select count(*) from indexed_calls where needs_details = 1)`.execute(db)
      await store.migrations.createIndexCountTriggers(db)
    },
    async down(db: Kysely<unknown>) {
      await store.migrations.dropIndexCountTriggers(db)
      for (const column of ['indexed_count', 'pending_details_count'])
        await db.schema.alterTable('call_index_sync').dropColumn(column).execute()
    },
  },
  '0010_call_metadata_covering_index': {
    async up(db: Kysely<unknown>) {
      // A text term's check of a call's metadata rows reads this index alone, where the index on call_row
      // fetched every row from the table: at a million calls a common value's search took twice as long.
      await db.schema
        .createIndex('indexed_call_metadata_by_call_key')
        .on('indexed_call_metadata')
        .columns(['call_row', 'key_lower', 'value_lower'])
        .execute()
      await db.schema.dropIndex('indexed_call_metadata_by_call').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema
        .createIndex('indexed_call_metadata_by_call')
        .on('indexed_call_metadata')
        .column('call_row')
        .execute()
      await db.schema.dropIndex('indexed_call_metadata_by_call_key').execute()
    },
  },
  '0011_console_secrets': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('console_secrets')
        .addColumn('name', 'text', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('console_secrets').execute()
    },
  },
  '0012_usage_breakdowns': {
    async up(db: Kysely<unknown>) {
      // The usage breakdowns (usage/README.md) add up a period's calls: this index holds every column they
      // read, so a 30-day period of a million calls is read from it alone (bench/usage.ts: its figures).
      await db.schema
        .createIndex('indexed_calls_for_usage')
        .on('indexed_calls')
        .columns([
          'created_at',
          'status',
          'needs_details',
          'billed_minutes',
          'duration_seconds',
          'caller_id',
          'call_id',
        ])
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('indexed_calls_for_usage').execute()
    },
  },
  '0013_alert_rules': {
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
      for (const table of ['alert_dismissals', 'alert_firings', 'alert_rules'])
        await db.schema.dropTable(table).execute()
    },
  },
  '0014_alert_delivery': {
    async up(db: Kysely<unknown>) {
      // Where alerts go. A webhook's secret signs its deliveries (Standard Webhooks): it leaves the server once,
      // in the answer that creates the channel.
      await db.schema
        .createTable('alert_channels')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('url', 'text')
        .addColumn('recipients', 'text')
        .addColumn('secret', 'text')
        .addColumn('enabled', 'integer', (col) => col.notNull())
        .addColumn('disabled_reason', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute()
      // One row per message: its id is the webhook-id every retry repeats. The unique pair makes a firing fan
      // out once per channel, whichever console instance sees it first (a test's firing_id is null: never equal).
      await db.schema
        .createTable('alert_deliveries')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('channel_id', 'text', (col) => col.notNull().references('alert_channels.id').onDelete('cascade'))
        .addColumn('firing_id', 'text')
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
        .addUniqueConstraint('alert_deliveries_once_per_channel', ['firing_id', 'channel_id'])
        .execute()
      await db.schema
        .createIndex('alert_deliveries_due')
        .on('alert_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute()
      await db.schema
        .createIndex('alert_deliveries_newest')
        .on('alert_deliveries')
        .columns(['created_at', 'id'])
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('alert_deliveries').execute()
      await db.schema.dropTable('alert_channels').execute()
    },
  },
  '0015_console_leases': {
    async up(db: Kysely<unknown>) {
      // Work one console instance does for all (server/console/cluster/): who holds it, until when, and a
      // version every take-over raises, so a holder that was replaced sees it on its next renewal.
      await db.schema
        .createTable('console_leases')
        .addColumn('name', 'text', (col) => col.primaryKey())
        .addColumn('holder', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('acquired_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('console_leases').execute()
    },
  },
  '0016_live_cluster': {
    async up(db: Kysely<unknown>) {
      // The live hub across instances (live/cluster/): the lease holder's events, in the order it sent them
      // (seq is the event id every instance gives its viewers, so a reconnect resumes on any instance) ...
      await db.schema
        .createTable('live_events')
        .addColumn('seq', store.rowIdType, (col) => col.primaryKey())
        .addColumn('at', 'bigint', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('call_id', 'text')
        .addColumn('on_board', 'integer', (col) => col.notNull())
        .addColumn('data', 'text', (col) => col.notNull())
        .execute()
      // ... the latest of each call and of the hub's own state, for a new viewer's snapshot ...
      await db.schema
        .createTable('live_calls')
        .addColumn('call_id', 'text', (col) => col.primaryKey())
        .addColumn('on_board', 'integer', (col) => col.notNull())
        .addColumn('entry', 'text', (col) => col.notNull())
        .addColumn('seq', 'bigint', (col) => col.notNull())
        .execute()
      await db.schema
        .createTable('live_state')
        .addColumn('name', 'text', (col) => col.primaryKey())
        .addColumn('data', 'text')
        .addColumn('seq', 'bigint', (col) => col.notNull())
        .execute()
      // ... every instance's open streams (who, which calls), kept alive by heartbeats: what the holder polls,
      // and what each person holds on every instance ...
      await db.schema
        .createTable('live_streams')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('instance', 'text', (col) => col.notNull())
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('call_ids', 'text', (col) => col.notNull())
        .addColumn('watched', 'integer', (col) => col.notNull())
        .addColumn('opened_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .execute()
      await db.schema.createIndex('live_streams_by_user').on('live_streams').column('user_id').execute()
      await db.schema.createIndex('live_streams_by_instance').on('live_streams').column('instance').execute()
      // ... and calls placed through any instance, until the holder has put them on the board.
      await db.schema
        .createTable('live_placed')
        .addColumn('call_id', 'text', (col) => col.primaryKey())
        .addColumn('placed', 'text', (col) => col.notNull())
        .addColumn('at', 'bigint', (col) => col.notNull())
        .execute()
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['live_placed', 'live_streams', 'live_state', 'live_calls', 'live_events'])
        await db.schema.dropTable(table).execute()
    },
  },
  '0017_person_limits': {
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
  },
  '0018_saved_view_date_preset': {
    async up(db: Kysely<unknown>) {
      // A relative range ("last-7-days"), resolved each time the view is opened; null keeps the view's own dates,
      // as every view saved before this column did.
      await db.schema.alterTable('saved_views').addColumn('date_preset', 'text').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('saved_views').dropColumn('date_preset').execute()
    },
  },
  '0019_saved_view_request_key': {
    async up(db: Kysely<unknown>) {
      // The Idempotency-Key a view was saved with: a save sent twice (a retry, a resent request) keeps one view.
      // Unique per person; views saved before this column, or without a key, hold null, which never collides.
      await db.schema.alterTable('saved_views').addColumn('request_key', 'text').execute()
      await db.schema
        .createIndex('saved_views_by_request_key')
        .unique()
        .on('saved_views')
        .columns(['owner_id', 'request_key'])
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('saved_views_by_request_key').execute()
      await db.schema.alterTable('saved_views').dropColumn('request_key').execute()
    },
  },
  '0021_integrations': {
    async up(db: Kysely<unknown>) {
      // Where the console's call events go (integrations/): a webhook URL and its signing secret (answered once,
      // never logged), and the events it chose, a JSON array of names.
      await db.schema
        .createTable('integrations')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('url', 'text', (col) => col.notNull())
        .addColumn('secret', 'text', (col) => col.notNull())
        .addColumn('events', 'text', (col) => col.notNull())
        .addColumn('enabled', 'integer', (col) => col.notNull())
        .addColumn('disabled_reason', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute()
      // One row per message to one destination; its id is the webhook-id every retry repeats. The unique pair
      // sends an event once per destination whichever console instance learns of it (`call.ended:<call_id>`;
      // a test's event_key is null: never equal).
      await db.schema
        .createTable('integration_deliveries')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('integration_id', 'text', (col) => col.notNull().references('integrations.id').onDelete('cascade'))
        .addColumn('event_key', 'text')
        .addColumn('event_type', 'text', (col) => col.notNull())
        .addColumn('call_id', 'text')
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
        .addUniqueConstraint('integration_deliveries_once', ['event_key', 'integration_id'])
        .execute()
      await db.schema
        .createIndex('integration_deliveries_due')
        .on('integration_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute()
      await db.schema
        .createIndex('integration_deliveries_newest')
        .on('integration_deliveries')
        .columns(['created_at', 'id'])
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('integration_deliveries').execute()
      await db.schema.dropTable('integrations').execute()
    },
  },
  '0024_calls_by_destination': {
    async up(db: Kysely<unknown>) {
      // New call's "last used for this number" (store/last-caller-id.ts): one seek, not a pass over the calls.
      await db.schema
        .createIndex('indexed_calls_by_destination')
        .on('indexed_calls')
        .columns(['destination', 'created_at'])
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('indexed_calls_by_destination').execute()
    },
  },
  '0022_call_lists': {
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
  },
  '0023_callbacks': {
    async up(db: Kysely<unknown>) {
      // A time to call a callee back, asked from a call: its number, caller ID and metadata are copied from the
      // call so the callback stands on its own. owner_id null: everyone's. Open while done_at and cancelled_at are.
      await db.schema
        .createTable('callbacks')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('call_id', 'text', (col) => col.notNull())
        .addColumn('number', 'text', (col) => col.notNull())
        .addColumn('caller_id', 'text', (col) => col.notNull())
        .addColumn('metadata', 'text', (col) => col.notNull())
        .addColumn('time_zones', 'text', (col) => col.notNull())
        .addColumn('due_at', 'bigint', (col) => col.notNull())
        .addColumn('owner_id', 'text', (col) => col.references('users.id'))
        .addColumn('created_by', 'text', (col) => col.notNull().references('users.id'))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('done_at', 'bigint')
        .addColumn('done_by', 'text', (col) => col.references('users.id'))
        .addColumn('done_call_id', 'text')
        .addColumn('cancelled_at', 'bigint')
        .addColumn('cancelled_by', 'text', (col) => col.references('users.id'))
        .execute()
      // "Due now" and "Overdue" read the open ones by time.
      await db.schema
        .createIndex('callbacks_open_by_due')
        .on('callbacks')
        .columns(['done_at', 'cancelled_at', 'due_at'])
        .execute()
      await db.schema.createIndex('callbacks_by_call').on('callbacks').column('call_id').execute()
      // Who has been told a callback came due: one row per callback and person, whichever tab or instance asks first.
      await db.schema
        .createTable('callback_notices')
        .addColumn('callback_id', 'text', (col) => col.notNull().references('callbacks.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('callback_notices_pk', ['callback_id', 'user_id'])
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('callback_notices').execute()
      await db.schema.dropTable('callbacks').execute()
    },
  },
  '0020_call_outcomes': {
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
  },
  '0025_note_words_in_search': {
    async up(db: Kysely<unknown>) {
      // A plain search term finds the words of a call's note (issue 51): the note, lower-cased as search terms are,
      // and in the trigram table's metadata column after the values, so the table narrows to it as to a value.
      await db.schema
        .alterTable('call_notes')
        .addColumn('text_lower', 'text', (col) => col.notNull().defaultTo(''))
        .execute()
      const notes = db as Kysely<Record<string, Record<string, unknown>>>
      const rows = await notes.selectFrom('call_notes').select(['call_id', 'text']).execute()
      for (const { call_id, text } of rows) {
        const lower = String(text).toLowerCase()
        await notes.updateTable('call_notes').set({ text_lower: lower }).where('call_id', '=', call_id).execute()
        await sql`update indexed_call_text set metadata = metadata || ${`\n${lower}`}
          where rowid = (select id from indexed_calls where call_id = ${call_id})`.execute(db)
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('call_notes').dropColumn('text_lower').execute()
    },
  },
  '0026_do_not_call': {
    async up(db: Kysely<unknown>) {
      // Issue 52: numbers never to be called, keyed by the E.164 number so that a placement's check is one probe.
      await db.schema
        .createTable('do_not_call')
        .addColumn('phone_number', 'text', (col) => col.primaryKey())
        .addColumn('reason', 'text', (col) => col.notNull())
        .addColumn('source', 'text', (col) => col.notNull())
        .addColumn('added_by_id', 'text')
        .addColumn('added_by_email', 'text', (col) => col.notNull())
        .addColumn('added_at', 'bigint', (col) => col.notNull())
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('do_not_call').execute()
    },
  },
  '0027_calling_hours_exceptions': {
    async up(db: Kysely<unknown>) {
      // An admin's one call allowed outside the callee's calling hours (issue 52, item 2): used once, before it expires.
      await db.schema
        .createTable('calling_hours_exceptions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('phone_number', 'text', (col) => col.notNull())
        .addColumn('reason', 'text', (col) => col.notNull())
        .addColumn('allowed_by', 'text', (col) => col.notNull().references('users.id'))
        .addColumn('allowed_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('used_by', 'text')
        .execute()
      await db.schema
        .createIndex('calling_hours_exceptions_by_number')
        .on('calling_hours_exceptions')
        .columns(['phone_number', 'expires_at'])
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('calling_hours_exceptions').execute()
    },
  },
  '0028_retention_indexes': {
    async up(db: Kysely<unknown>) {
      // Issue 52, item 4: the daily prune finds each batch of old rows by an index, not by reading the whole table.
      await db.schema.createIndex('call_notes_by_change').on('call_notes').column('updated_at').execute()
      await db.schema.createIndex('call_outcomes_by_change').on('call_outcomes').column('updated_at').execute()
      await db.schema.createIndex('call_owners_by_time').on('call_owners').column('placed_at').execute()
    },
    async down(db: Kysely<unknown>) {
      for (const index of ['call_notes_by_change', 'call_outcomes_by_change', 'call_owners_by_time'])
        await db.schema.dropIndex(index).execute()
    },
  },
  '0029_audit_personal_values': {
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
  },
  '0030_erasures': {
    async up(db: Kysely<unknown>) {
      // Issue 52, item 5: each erasure request, with what it erased, and the number only as a keyed hash (a copy of
      // the database cannot tell whose number was erased; the console can tell a repeated request).
      await db.schema
        .createTable('erasures')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('at', 'bigint', (col) => col.notNull())
        .addColumn('by_user_id', 'text')
        .addColumn('by_email', 'text', (col) => col.notNull())
        .addColumn('reason', 'text', (col) => col.notNull())
        .addColumn('counts', 'text', (col) => col.notNull())
        .addColumn('number_hash', 'text', (col) => col.notNull())
        .execute()
      await db.schema.createIndex('erasures_newest').on('erasures').columns(['at', 'id']).execute()
      // A call whose number or metadata an erasure rewrote: the detail fetched again later never writes them back.
      await db.schema.alterTable('indexed_calls').addColumn('erased_at', 'bigint').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('indexed_calls').dropColumn('erased_at').execute()
      await db.schema.dropTable('erasures').execute()
    },
  },
  '0031_rate_unit': {
    async up(db: Kysely<unknown>) {
      // Issue 53, item 2: what rate_per_minute_dc counts (the spec does not say), stated once by an admin. One row,
      // so every instance reads the same.
      await db.schema
        .createTable('usage_rate_unit')
        .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
        .addColumn('divisor', 'integer', (col) => col.notNull())
        .addColumn('currency', 'text', (col) => col.notNull())
        .addColumn('set_by_id', 'text')
        .addColumn('set_by_email', 'text', (col) => col.notNull())
        .addColumn('set_at', 'bigint', (col) => col.notNull())
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('usage_rate_unit').execute()
    },
  },
  '0032_alert_rule_channels': {
    async up(db: Kysely<unknown>) {
      // Issue 53, item 3: a rule names the channels it goes to, as a JSON array of channel ids; null (every rule
      // so far) is every channel, so existing rules keep going everywhere.
      await db.schema.alterTable('alert_rules').addColumn('channel_ids', 'text').execute()
      // Who set a channel's addresses (their email and role then), for the email's "who added this address";
      // null for the channels added before.
      await db.schema.alterTable('alert_channels').addColumn('added_by_email', 'text').execute()
      await db.schema.alterTable('alert_channels').addColumn('added_by_role', 'text').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('alert_channels').dropColumn('added_by_role').execute()
      await db.schema.alterTable('alert_channels').dropColumn('added_by_email').execute()
      await db.schema.alterTable('alert_rules').dropColumn('channel_ids').execute()
    },
  },
  '0033_report_subscriptions': {
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
  },
  '0034_scorecards': {
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
  },
  '0035_sso_settings': {
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
  },
  '0036_metadata_key_values': {
    async up(db: Kysely<unknown>) {
      // Issue 54, item 4: a key's distinct values, a seek each, and the calls of one value as a range (an agent's
      // name on thousands of calls), where the trigram table intersects trigram lists that long. Built on a store of
      // a million calls it takes tens of seconds, and the index's writes wait for it (docs/upgrading.md).
      await db.schema
        .createIndex('indexed_call_metadata_by_key_value')
        // Built beforehand with CONCURRENTLY, as docs/upgrading.md offers on PostgreSQL: nothing left to do.
        .ifNotExists()
        .on('indexed_call_metadata')
        .columns(['key_lower', 'value_lower', 'call_row'])
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('indexed_call_metadata_by_key_value').execute()
    },
  },
  '0037_live_notices': {
    async up(db: Kysely<unknown>) {
      // Issue 54, item 3: on PostgreSQL, writes to the live tables tell the other instances at once (LISTEN/NOTIFY,
      // store/notices.ts); nothing on SQLite.
      await store.migrations.createLiveNoticeTriggers(db)
    },
    async down(db: Kysely<unknown>) {
      await store.migrations.dropLiveNoticeTriggers(db)
    },
  },
  '0038_session_change_notices': {
    // Issue 54: every instance keeps the sessions it found in memory and forgets them at a notice from PostgreSQL
    // (store/postgres/session-change-triggers.ts). SQLite tells other connections' writes by its data_version.
    async up(db: Kysely<unknown>) {
      if (store.kind === 'postgres') await createSessionChangeTriggers(db)
    },
    async down(db: Kysely<unknown>) {
      if (store.kind === 'postgres') await dropSessionChangeTriggers(db)
    },
  },
})

export const migrationProviderFor = (store: StoreAdapter): MigrationProvider => ({
  getMigrations: async () => migrationsFor(store),
})
