// Sessions: create (rotating any previous one), resolve with idle and absolute expiry, end.
import type { Role, TimeZonePreference } from '../../../src/api/contract/console-schemas'
import type { ConsoleStore } from '../store'
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

export function createSessionService(store: ConsoleStore, policy: SessionPolicy, now: () => number) {
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
      if (!token) return null
      const idHash = hashSessionToken(token)
      const row = await store.sessions.find(idHash)
      if (!row) return null
      const at = now()
      if (row.active !== 1 || at >= row.expires_at || at - row.last_seen_at >= policy.idleMs) {
        await store.sessions.delete(idHash)
        return null
      }
      if (at - row.last_seen_at >= TOUCH_EVERY_MS) await store.sessions.touch(idHash, at)
      return {
        idHash,
        userId: row.user_id,
        email: row.email,
        role: row.role,
        timeZone: row.time_zone,
        expiresAt: row.expires_at,
      }
    },

    async end(token: string | null | undefined): Promise<void> {
      if (token) await store.sessions.delete(hashSessionToken(token))
    },
  }
}

export type SessionService = ReturnType<typeof createSessionService>
