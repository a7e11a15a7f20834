// The live hub's tables across instances (live/cluster/): the holder's events and the state they leave,
// every instance's open streams, and calls placed through any instance. Written by the lease holder only,
// in one chain, so the events' seq follows their commits on PostgreSQL too. On PostgreSQL each write also sends a
// notice (notices.ts) from a trigger (migration 0037), on commit, so the instances read at once what they would
// otherwise find at their next timed read.
import type { ConsoleDb } from './database'

export interface LiveEventRow {
  seq: number
  name: string
  callId: string | null
  onBoard: boolean
  /** JSON. */
  data: string
}

export interface NewLiveEvent {
  name: string
  callId: string | null
  onBoard: boolean
  data: string
  /** What the event leaves as the latest state: a call's entry, or one of the hub's own (`paused`...). */
  state?:
    | { kind: 'call'; callId: string; onBoard: boolean; entry: string }
    | { kind: 'state'; name: string; data: string | null }
}

export interface LiveStreamRow {
  id: string
  instance: string
  userId: string
  callIds: string[]
  openedAt: number
}

const toStream = (row: {
  id: string
  instance: string
  user_id: string
  call_ids: string
  opened_at: number
}): LiveStreamRow => ({
  id: row.id,
  instance: row.instance,
  userId: row.user_id,
  callIds: JSON.parse(row.call_ids) as string[],
  openedAt: row.opened_at,
})

// Rows per statement: far under either store's limit of bound parameters.
const CHUNK = 200

export function createLiveClusterQueries(db: ConsoleDb) {
  return {
    /** Appends events and the state they leave, in one transaction; answers the last seq written. */
    append: (events: readonly NewLiveEvent[], at: number): Promise<number> =>
      db.transaction().execute(async (tx) => {
        let last = 0
        for (const event of events) {
          const row = await tx
            .insertInto('live_events')
            .values({ at, name: event.name, call_id: event.callId, on_board: event.onBoard ? 1 : 0, data: event.data })
            .returning('seq')
            .executeTakeFirstOrThrow()
          last = row.seq
          const state = event.state
          if (state?.kind === 'call')
            await tx
              .insertInto('live_calls')
              .values({ call_id: state.callId, on_board: state.onBoard ? 1 : 0, entry: state.entry, seq: last })
              .onConflict((oc) =>
                oc.column('call_id').doUpdateSet({ on_board: state.onBoard ? 1 : 0, entry: state.entry, seq: last }),
              )
              .execute()
          else if (state?.kind === 'state') await setState(tx, state.name, state.data, last)
        }
        return last
      }),
    /** A new start: no cursor from before can be served, and nothing known before holds (nobody watched). */
    reset: (at: number): Promise<number> =>
      db.transaction().execute(async (tx) => {
        const { seq } = await tx
          .insertInto('live_events')
          .values({ at, name: 'reset', call_id: null, on_board: 0, data: '{}' })
          .returning('seq')
          .executeTakeFirstOrThrow()
        await tx.deleteFrom('live_calls').execute()
        await tx.deleteFrom('live_state').where('name', '!=', 'pruned').execute()
        return seq
      }),
    setState: (name: string, data: string | null, seq: number) => setState(db, name, data, seq),
    /** Keeps the last `keep` events; the cursors before them can no longer be served. */
    prune: async (keep: number): Promise<void> => {
      const head = await db
        .selectFrom('live_events')
        .select((eb) => eb.fn.max('seq').as('head'))
        .executeTakeFirst()
      const through = Number(head?.head ?? 0) - keep
      if (through <= 0) return
      await db.deleteFrom('live_events').where('seq', '<=', through).execute()
      await setState(db, 'pruned', null, through)
    },
    forgetCalls: async (callIds: readonly string[]): Promise<void> => {
      for (let from = 0; from < callIds.length; from += CHUNK)
        await db
          .deleteFrom('live_calls')
          .where('call_id', 'in', callIds.slice(from, from + CHUNK))
          .execute()
    },
    head: async (): Promise<number> => {
      const row = await db
        .selectFrom('live_events')
        .select((eb) => eb.fn.max('seq').as('head'))
        .executeTakeFirst()
      return Number(row?.head ?? 0)
    },
    /** Events after `seq`, oldest first, up to `through` when given. */
    eventsAfter: async (seq: number, limit: number, through?: number): Promise<LiveEventRow[]> => {
      let query = db.selectFrom('live_events').selectAll().where('seq', '>', seq)
      if (through !== undefined) query = query.where('seq', '<=', through)
      const rows = await query.orderBy('seq').limit(limit).execute()
      return rows.map((row) => ({
        seq: row.seq,
        name: row.name,
        callId: row.call_id,
        onBoard: row.on_board === 1,
        data: row.data,
      }))
    },
    /** The hub's own state rows (`paused`, `trouble`, `tally`, `ready`, `pruned`), by name. */
    states: async (): Promise<Map<string, { data: string | null; seq: number }>> => {
      const rows = await db.selectFrom('live_state').selectAll().execute()
      return new Map(rows.map((row) => [row.name, { data: row.data, seq: row.seq }]))
    },
    /** The latest entries of the board's calls and of `callIds`. */
    calls: async (callIds: readonly string[], board: boolean): Promise<{ callId: string; entry: string }[]> => {
      const rows = await db
        .selectFrom('live_calls')
        .select(['call_id', 'entry'])
        .where((eb) => {
          const named = callIds.length > 0 ? [eb('call_id', 'in', [...callIds])] : []
          return eb.or(board ? [eb('on_board', '=', 1), ...named] : named)
        })
        .execute()
      return rows.map((row) => ({ callId: row.call_id, entry: row.entry }))
    },
    openStream: async (stream: Omit<LiveStreamRow, 'openedAt'>, now: number, ttlMs: number): Promise<void> => {
      await db
        .insertInto('live_streams')
        .values({
          id: stream.id,
          instance: stream.instance,
          user_id: stream.userId,
          call_ids: JSON.stringify(stream.callIds),
          watched: stream.callIds.length,
          opened_at: now,
          expires_at: now + ttlMs,
        })
        .execute()
    },
    closeStream: async (id: string): Promise<void> => {
      await db.deleteFrom('live_streams').where('id', '=', id).execute()
    },
    /** An instance's heartbeat: its streams live on; the expired rows of any instance go. */
    renewStreams: async (instance: string, now: number, ttlMs: number): Promise<void> => {
      await db
        .updateTable('live_streams')
        .set({ expires_at: now + ttlMs })
        .where('instance', '=', instance)
        .execute()
      await db.deleteFrom('live_streams').where('expires_at', '<=', now).execute()
    },
    closeInstance: async (instance: string): Promise<void> => {
      await db.deleteFrom('live_streams').where('instance', '=', instance).execute()
    },
    /** Every stream open on any instance, oldest first. */
    streams: async (now: number): Promise<LiveStreamRow[]> => {
      const rows = await db
        .selectFrom('live_streams')
        .select(['id', 'instance', 'user_id', 'call_ids', 'opened_at'])
        .where('expires_at', '>', now)
        .orderBy('opened_at')
        .orderBy('id')
        .execute()
      return rows.map(toStream)
    },
    /** One person's open streams on every instance, oldest first: who came first keeps their place. */
    streamsOf: async (userId: string, now: number) => {
      const rows = await db
        .selectFrom('live_streams')
        .select(['id', 'watched'])
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .orderBy('opened_at')
        .orderBy('id')
        .execute()
      return rows
    },
    notePlaced: async (callId: string, placed: string, at: number): Promise<void> => {
      await db
        .insertInto('live_placed')
        .values({ call_id: callId, placed, at })
        .onConflict((oc) => oc.column('call_id').doUpdateSet({ placed, at }))
        .execute()
    },
    /** Calls placed since the holder last looked; taken, so each is put on the board once. */
    takePlaced: async (): Promise<{ callId: string; placed: string; at: number }[]> => {
      const rows = await db.selectFrom('live_placed').selectAll().orderBy('at').limit(CHUNK).execute()
      if (rows.length > 0)
        await db
          .deleteFrom('live_placed')
          .where(
            'call_id',
            'in',
            rows.map((row) => row.call_id),
          )
          .execute()
      return rows.map((row) => ({ callId: row.call_id, placed: row.placed, at: row.at }))
    },
  }
}

function setState(db: ConsoleDb, name: string, data: string | null, seq: number) {
  return db
    .insertInto('live_state')
    .values({ name, data, seq })
    .onConflict((oc) => oc.column('name').doUpdateSet({ data, seq }))
    .execute()
}
