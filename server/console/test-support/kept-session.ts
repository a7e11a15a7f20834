// A person with one session that the store keeps in memory (store/recent-sessions.ts): the start of every test of
// what makes an instance forget the sessions it keeps.
import { expect } from 'vitest'
import type { ConsoleStore } from '../store'

export interface KeptSession {
  userId: string
  idHash: string
}

/** A session of the person's, begun now and good for an hour. */
export async function addSession(store: ConsoleStore, userId: string, idHash: string): Promise<void> {
  const now = Date.now()
  await store.sessions.insert({
    id_hash: idHash,
    user_id: userId,
    created_at: now,
    last_seen_at: now,
    expires_at: now + 3_600_000,
  })
}

/** Adds a support person and a session of theirs, found once so that `store` keeps it (a watching store's). */
export async function keptSession(store: ConsoleStore, idHash = 'hash-1'): Promise<KeptSession> {
  const { id } = await store.users.add({ email: 'ana@example.com', passwordHash: 'x', role: 'support', now: 1 })
  await addSession(store, id, idHash)
  await store.sessions.find(idHash)
  expect(store.sessions.findKept(idHash)).toBeDefined()
  return { userId: id, idHash }
}
