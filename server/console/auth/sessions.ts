// Sessions: create (rotating any previous one), resolve with idle and absolute expiry (from memory when this instance
// found the session lately: resolveKept, store/recent-sessions.ts), end.
import type { Role, TimeZonePreference } from '../../../src/api/contract/console-schemas'
import type { ConsoleStore } from '../store'
import type { SessionWithUser } from '../store/sessions'
import { hashSessionToken, newSessionToken } from './session-tokens'

export interface SessionPolicy {
  idleMs: number
  absoluteMs: number
}

export interface ActiveSession {
  idHash: string
  userId: string
  email: string
  role: Role
  timeZone: TimeZonePreference
  expiresAt: number
}

// last_seen_at is written at most this often: a status poll each second should not write each second.
const TOUCH_EVERY_MS = 30_000
// And those writes are gathered: every session due in this long goes in one statement (bench:cluster: at 500 people
// on two instances, one write each would be 33 statements a second, a fifth of all the reads' round trips). The
// store's time may so lag a request by up to this, against an idle timeout of minutes; this instance judges its own
// sessions by the time it has not yet written.
const TOUCH_GATHER_MS = 5_000

const activeSession = (idHash: string, row: SessionWithUser): ActiveSession => ({
  idHash,
  userId: row.user_id,
  email: row.email,
  role: row.role,
  timeZone: row.time_zone,
  expiresAt: row.expires_at,
})

export function createSessionService(
  store: ConsoleStore,
  policy: SessionPolicy,
  now: () => number,
  {
    gatherSeenMs = TOUCH_GATHER_MS,
    onWriteFailed = () => {},
  }: { gatherSeenMs?: number; onWriteFailed?: (error: unknown, sessions: number) => void } = {},
) {
  // Last-seen times not yet written, by session (the latest): the batch's oldest is written for all of it (never
  // later than a session's request), after at most TOUCH_GATHER_MS.
  const unwritten = new Map<string, number>()
  let gathering: ReturnType<typeof setTimeout> | null = null
  const writeSeen = async () => {
    if (gathering) clearTimeout(gathering)
    gathering = null
    if (unwritten.size === 0) return
    const batch = [...unwritten]
    unwritten.clear()
    const oldest = Math.min(...batch.map(([, seenAt]) => seenAt))
    // A store that cannot take them loses them, said in the log: those sessions are idle from their last write, by
    // seconds.
    await store.sessions
      .touchMany(
        batch.map(([idHash]) => idHash),
        oldest,
      )
      .catch((error: unknown) => onWriteFailed(error, batch.length))
  }
  const noteSeen = (idHash: string, at: number) => {
    unwritten.set(idHash, at)
    store.sessions.keptSeen(idHash, at)
    gathering ??= setTimeout(() => void writeSeen(), gatherSeenMs)
    gathering.unref?.()
  }
  const lastSeen = (idHash: string, row: SessionWithUser) => Math.max(row.last_seen_at, unwritten.get(idHash) ?? 0)

  /** Deactivated, past its absolute expiry, or idle too long. */
  const ended = (idHash: string, row: SessionWithUser, at: number) =>
    row.active !== 1 || at >= row.expires_at || at - lastSeen(idHash, row) >= policy.idleMs
  async function resolveById(idHash: string): Promise<ActiveSession | null> {
    let row = await store.sessions.find(idHash)
    if (!row) return null
    const at = now()
    // A kept row's last-seen time may be behind another instance's write: the store's row decides an ending.
    if (ended(idHash, row, at)) row = await store.sessions.find(idHash, true)
    if (!row) return null
    if (ended(idHash, row, at)) {
      await store.sessions.delete(idHash)
      return null
    }
    if (at - lastSeen(idHash, row) >= TOUCH_EVERY_MS) noteSeen(idHash, at)
    return activeSession(idHash, row)
  }
  return {
    /** A new id for a person who just proved who they are; the old one (if any) ends. */
    async start(userId: string, previousToken?: string | null): Promise<{ token: string; expiresAt: number }> {
      if (previousToken) await store.sessions.delete(hashSessionToken(previousToken))
      const token = newSessionToken()
      const at = now()
      const expiresAt = at + policy.absoluteMs
      await store.sessions.insert({
        id_hash: hashSessionToken(token),
        user_id: userId,
        created_at: at,
        last_seen_at: at,
        expires_at: expiresAt,
      })
      return { token, expiresAt }
    },

    async resolve(token: string | null | undefined): Promise<ActiveSession | null> {
      return token ? resolveById(hashSessionToken(token)) : null
    },

    /** Of these session ids, those still active now, as resolve would find them; without deleting or touching any. */
    async stillActive(idHashes: readonly string[]): Promise<Map<string, ActiveSession>> {
      const at = now()
      const rows = idHashes.length > 0 ? await store.sessions.findMany(idHashes) : []
      return new Map(
        rows.filter((row) => !ended(row.id_hash, row, at)).map((row) => [row.id_hash, activeSession(row.id_hash, row)]),
      )
    },

    /** The id a token stands for (its hash): what resolveKept and resolveById take, computed once a request. */
    idOf: hashSessionToken,

    /**
     * The session of `idHash` when the store need not be asked: found lately, still valid and not due
     * for its last-seen write. Undefined otherwise, and `resolveById` decides (and deletes or writes). The fast path
     * of proxied reads asks this first: a tab's poll then waits on no promise for its session.
     */
    resolveKept(idHash: string): ActiveSession | undefined {
      const row = store.sessions.findKept(idHash)
      if (!row) return undefined
      const at = now()
      if (ended(idHash, row, at) || at - lastSeen(idHash, row) >= TOUCH_EVERY_MS) return undefined
      return activeSession(idHash, row)
    },

    resolveById,

    async end(token: string | null | undefined): Promise<void> {
      if (token) await store.sessions.delete(hashSessionToken(token))
    },

    /** Writes the last-seen times gathered so far, now: at shutdown, before the store closes. */
    flushSeen: writeSeen,
  }
}

export type SessionService = ReturnType<typeof createSessionService>
