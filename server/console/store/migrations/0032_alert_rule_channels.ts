// Migration 0032, alert rule channels: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
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
})
