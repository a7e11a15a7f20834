// This instance's ear on SESSION_CHANGES (session-change-triggers.ts), through its one listening connection
// (shared-notices.ts): the sessions kept in memory (recent-sessions.ts) are forgotten as soon as any connection ends
// a session or changes a person. While that connection is down (a restart, a failover), nothing is kept: every
// lookup reads the store, as before, and notices missed meanwhile cannot matter.
import { randomUUID } from 'node:crypto'
import type { StoreNotices } from '../notices'
import { SESSION_CHANGES } from './session-change-triggers'

/**
 * How long a write waits for its own notice to come back, at most (a lost one). Long enough for a loaded machine:
 * at 500 ms, CI at load 20 answered a deactivation before the other instance was told, and the person's next
 * request there was still served. A notice comes back in milliseconds otherwise, and a connection that is down
 * resolves the wait at once, so the bound costs nothing in the usual case.
 */
const NOTICE_WAIT_MS = 5_000
/** A marker's payload begins so; the triggers' notices carry none. */
const MARKER = 'told '

export interface SessionNotices {
  /** True when a notice came since the last call, or when not listening now (nothing may be kept then). */
  writtenElsewhere(): boolean
  /**
   * Called after a write that ends sessions or changes people: sends a notice of its own on the channel and
   * resolves when it comes back here. Notices reach every listener in the order they were committed, so by then
   * every instance has the write's own notice (if it changed rows) in hand, and the write's answer, and so the
   * person's next request, comes after it. A write that changed nothing costs this one round trip, never the wait's
   * bound. Resolves at once when not listening, and after `waitMs` at most.
   */
  toldEverywhere(): Promise<void>
  /** Resolves once listening (or once it has failed to, for now): a store that starts keeps nothing until then. */
  ready: Promise<void>
  close(): Promise<void>
}

export function listenForSessionChanges(
  notices: StoreNotices,
  /** Sends a notice on a channel, from a connection of the store's pool. */
  send: (channel: string, payload: string) => Promise<void>,
  /** How long a write waits for its own notice, at most (a test of the usual case sets it long). */
  waitMs = NOTICE_WAIT_MS,
): SessionNotices {
  let noticed = false
  const waiting = new Map<string, () => void>()
  let ready!: () => void
  const readyOnce = new Promise<void>((resolve) => {
    ready = resolve
  })
  const listener = notices.listen({
    channels: {
      [SESSION_CHANGES]: (payload) => {
        // A writer's marker (toldEverywhere) tells of no change: the change itself has its own notice, before it.
        if (payload.startsWith(MARKER)) waiting.get(payload)?.()
        else noticed = true
      },
    },
    // Whatever changed while this instance was not listening is unknown: forget all once.
    onListening: () => {
      noticed = true
      ready()
    },
    onLost: () => ready(),
  })

  return {
    writtenElsewhere() {
      if (!listener.listening()) return true
      if (!noticed) return false
      noticed = false
      return true
    },
    async toldEverywhere() {
      if (!listener.listening()) return
      const marker = `${MARKER}${randomUUID()}`
      const back = new Promise<void>((resolve) => {
        const timer = setTimeout(done, waitMs)
        function done() {
          clearTimeout(timer)
          waiting.delete(marker)
          resolve()
        }
        waiting.set(marker, done)
      })
      // Not sent (the store out of reach): the write's own notice may still be on its way, so the bound is waited.
      await send(SESSION_CHANGES, marker).catch(() => {})
      await back
    },
    ready: readyOnce,
    close: () => listener.close(),
  }
}
