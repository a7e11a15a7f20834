// Migration 0016, live cluster: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = (store) => ({
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
})
