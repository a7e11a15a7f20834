// Sessions this process found lately. Every API request resolves its session, and a person's tabs poll call status
// each second: without this, each of those reads the store (about 45 µs of CPU on SQLite, a profile of bench:api
// showed; on PostgreSQL a round trip, most of a proxied read's CPU in bench:cluster). A sign-out, role change or
// deactivation must still apply at the person's next request, on every instance: a write through this store to
// sessions or people forgets them all, and so does a write by any other connection, which the store tells cheaply
// (`writtenElsewhere`): SQLite's data_version, read once per turn of the event loop, so the CLI's changes count from
// the next turn on; PostgreSQL's notice on a channel of the console's (postgres/session-notices.ts), which reaches
// every instance within its delivery (milliseconds), and while that instance is not listening nothing is kept. A
// store that cannot tell at all (PostgreSQL opened without `watchSessions`: the CLI) keeps nothing.

import { createLruCache } from '../../shared/lru-cache'

/**
 * How long a found session is taken as read, at most, when no change was told: a bound in case a notice is lost
 * (the changes that end a session are told at once). A kept row's idle time is judged again on the store's row
 * before a session is ended for it (auth/sessions.ts), so another instance's last-seen writes are never missed.
 */
export const RECENT_MS = 30_000
// A bound, so a flood of distinct cookies cannot grow it: past it the oldest kept goes.
const MAX_RECENT = 10_000

export interface RecentSessions<Row> {
  /** The row found within RECENT_MS, if any. */
  get(idHash: string): Row | undefined
  /**
   * Keeps `row` when nothing was forgotten since `since` (the `generation()` taken before the read): a read that
   * raced a write must not bring the old row back.
   */
  keep(idHash: string, row: Row, since: number): void
  generation(): number
  /**
   * Kept rows that lapse within `withinMs` and were asked for since they were kept (at most `max`, soonest first):
   * those a person is still using, to read again in one statement before they lapse (`sessions.refreshKept`), so
   * that no request of theirs waits for the read. A row nobody asked for lapses.
   */
  dueForRefresh(withinMs: number, max: number): string[]
  /** A change to one session that leaves it valid (last seen), applied to the kept row. */
  update(idHash: string, change: Partial<Row>): void
  forgetAll(): void
  /**
   * Runs a write that ends sessions or changes people, then forgets every kept row; on PostgreSQL it answers once
   * every instance was told (a notice sent after the write came back: postgres/session-notices.ts), so that the
   * person it concerns cannot reach another instance before that instance was told. Whether the write changed rows
   * or not: a write that changed none costs that one round trip.
   */
  written<T>(write: () => Promise<T>): Promise<T>
}

export function createRecentSessions<Row>(
  writtenElsewhere: (() => boolean) | null,
  now: () => number = Date.now,
  toldEverywhere: (() => Promise<void>) | null = null,
): RecentSessions<Row> {
  const rows = createLruCache<string, { row: Row; until: number; asked: boolean }>(MAX_RECENT)
  let generation = 0
  const forgetAll = () => {
    generation++
    rows.clear()
  }
  return {
    get(idHash) {
      if (!writtenElsewhere) return undefined
      if (writtenElsewhere()) {
        forgetAll()
        return undefined
      }
      // Read without making it the newest: a row lapses a second after it was kept, so the oldest kept goes first
      // (and a read at every request would move it in the Map at every request).
      const kept = rows.peek(idHash)
      if (!kept) return undefined
      if (now() < kept.until) {
        kept.asked = true
        return kept.row
      }
      rows.delete(idHash)
      return undefined
    },
    keep(idHash, row, since) {
      if (!writtenElsewhere) return
      // A change told while the row was read: it may be older than that change.
      if (writtenElsewhere()) forgetAll()
      if (since !== generation) return
      rows.set(idHash, { row, until: now() + RECENT_MS, asked: false })
    },
    generation: () => generation,
    dueForRefresh(withinMs, max) {
      const due: string[] = []
      const by = now() + withinMs
      // Kept in the order they were kept, so in the order they lapse: the first that lapses later ends the look.
      for (const idHash of rows.keys()) {
        const kept = rows.peek(idHash)
        if (!kept || kept.until > by || due.length >= max) break
        if (kept.asked) due.push(idHash)
      }
      return due
    },
    update(idHash, change) {
      const kept = rows.peek(idHash)
      if (kept) kept.row = { ...kept.row, ...change }
    },
    forgetAll,
    async written(write) {
      try {
        const result = await write()
        await toldEverywhere?.()
        return result
      } finally {
        forgetAll()
      }
    },
  }
}

/**
 * The same queries, but every one not named in `reads` (reads, and writes of nothing a kept session holds) is a
 * write (`recent.written`): it forgets the recent sessions once it has run (and if it failed), and on PostgreSQL
 * answers once every instance was told. A query added later is taken as a write unless it is listed, so the safe side
 * is the default.
 */
export function forgettingOnWrites<Queries extends Record<string, unknown>>(
  queries: Queries,
  reads: readonly (keyof Queries)[],
  recent: Pick<RecentSessions<unknown>, 'written'>,
): Queries {
  const wrapped: Record<string, unknown> = { ...queries }
  for (const [name, query] of Object.entries(queries)) {
    if (typeof query !== 'function' || reads.includes(name)) continue
    wrapped[name] = (...args: unknown[]) => recent.written(() => query(...args))
  }
  return wrapped as Queries
}
