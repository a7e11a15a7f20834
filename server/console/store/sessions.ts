import type { ConsoleDb } from './database'
import type { RecentSessions } from './recent-sessions'
import type { SessionRow, UserRow } from './schema'

// Ids per statement: far under either store's limit of bound parameters.
const IDS_PER_STATEMENT = 200

/** `run` for each slice of `ids` a statement can take, one after another. */
async function inChunks<T>(ids: readonly string[], run: (chunk: readonly string[]) => Promise<T>): Promise<T[]> {
  const results: T[] = []
  for (let at = 0; at < ids.length; at += IDS_PER_STATEMENT)
    results.push(await run(ids.slice(at, at + IDS_PER_STATEMENT)))
  return results
}

export type SessionWithUser = SessionRow & Pick<UserRow, 'email' | 'role' | 'active' | 'time_zone'>

/** A session's columns and its person's, as `find` and `findMany` read them. */
export const SESSION_WITH_USER = [
  'sessions.id_hash',
  'sessions.user_id',
  'sessions.created_at',
  'sessions.last_seen_at',
  'sessions.expires_at',
  'users.email',
  'users.role',
  'users.active',
  'users.time_zone',
] as const

export function createSessionQueries(db: ConsoleDb, recent: RecentSessions<SessionWithUser>) {
  const findSession = db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(SESSION_WITH_USER)
    .where('sessions.id_hash', '=', '')
    .compile()
  const findMany = async (idHashes: readonly string[]): Promise<SessionWithUser[]> =>
    (
      await inChunks(idHashes, (chunk) =>
        db
          .selectFrom('sessions')
          .innerJoin('users', 'users.id', 'sessions.user_id')
          .select(SESSION_WITH_USER)
          .where('sessions.id_hash', 'in', chunk)
          .execute(),
      )
    ).flat()
  return {
    insert: async (row: SessionRow) => {
      await db.insertInto('sessions').values(row).execute()
    },
    /** A last-seen time to be written later (auth/sessions.ts), on the kept row now. */
    keptSeen: (idHash: string, at: number) => recent.update(idHash, { last_seen_at: at }),
    /** A session found lately (recent-sessions.ts), without a promise; undefined: ask `find`. */
    findKept: (idHash: string): SessionWithUser | undefined => recent.get(idHash),
    /**
     * The hot path (every API request): a session found lately (recent-sessions.ts), else (or when `fresh`) the
     * query compiled once, run with the id's hash as its one parameter.
     */
    find: async (idHash: string, fresh = false): Promise<SessionWithUser | undefined> => {
      const kept = fresh ? undefined : recent.get(idHash)
      if (kept) return kept
      const since = recent.generation()
      const { rows } = await db.executeQuery<SessionWithUser>({ ...findSession, parameters: [idHash] })
      const row = rows[0]
      if (row) recent.keep(idHash, row, since)
      return row
    },
    /**
     * Reads again, in one statement, the kept sessions that lapse within `withinMs` and are still in use, and keeps
     * them RECENT_MS more (a change told meanwhile wins: they are then read at their next request). Returns how many.
     */
    refreshKept: async (withinMs: number): Promise<number> => {
      const due = recent.dueForRefresh(withinMs, IDS_PER_STATEMENT)
      if (due.length === 0) return 0
      const since = recent.generation()
      const rows = await findMany(due)
      for (const row of rows) recent.keep(row.id_hash, row, since)
      return rows.length
    },
    /** The sessions of these ids that still exist, with their person, read now (no kept copy): the live streams' check. */
    findMany,
    /**
     * One statement for many sessions' last-seen writes (auth/sessions.ts gathers them): each is seen at `now` at
     * the latest, and never moved back (another instance may have written a later time).
     */
    touchMany: async (idHashes: readonly string[], now: number) => {
      await inChunks(idHashes, (chunk) =>
        db
          .updateTable('sessions')
          .set({ last_seen_at: now })
          .where('id_hash', 'in', chunk)
          .where('last_seen_at', '<', now)
          .execute(),
      )
    },
    delete: async (idHash: string) => {
      await recent.written(() => db.deleteFrom('sessions').where('id_hash', '=', idHash).executeTakeFirst())
    },
    /** Ends every session of one person; returns how many there were. */
    deleteForUser: async (userId: string): Promise<number> => {
      const result = await recent.written(() =>
        db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst(),
      )
      return Number(result.numDeletedRows)
    },
    /** Ends every session of everyone (a restore: the sessions it brings back may have been signed out since). */
    deleteAll: async (): Promise<number> => {
      const result = await recent.written(() => db.deleteFrom('sessions').executeTakeFirst())
      return Number(result.numDeletedRows)
    },
    /** Per person (or for one person), the sessions that would still be accepted at `now` (see auth/sessions.ts resolve). */
    liveCountByUser: async (now: number, idleMs: number, onlyUserId?: string): Promise<Map<string, number>> => {
      const rows = await db
        .selectFrom('sessions')
        .select((eb) => ['user_id', eb.fn.countAll<number>().as('n')])
        .where('expires_at', '>', now)
        .where('last_seen_at', '>', now - idleMs)
        .$if(onlyUserId !== undefined, (query) => query.where('user_id', '=', onlyUserId as string))
        .groupBy('user_id')
        .execute()
      return new Map(rows.map((row) => [row.user_id, Number(row.n)]))
    },
    // What it deletes no resolve would accept (auth/sessions.ts checks both times): the kept rows stay.
    deleteExpired: async (now: number, idleMs: number) => {
      await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - idleMs)]))
        .execute()
    },
  }
}
