// This instance's ear on SESSION_CHANGES (session-change-triggers.ts): one connection of its own that LISTENs, so
// the sessions kept in memory (recent-sessions.ts) are forgotten as soon as any connection ends a session or changes
// a person. While that connection is down (a restart, a failover), nothing is kept: every lookup reads the store,
// as before, and notices missed meanwhile cannot matter. Self-contained here so that the live events' own notices
// (branch `notify`) can join it later.
import pg from 'pg'
import { SESSION_CHANGES } from './session-change-triggers'

/** How long to wait before listening again after the connection was lost. */
const RECONNECT_MS = 1_000
/**
 * How long a write waits for its own notice to come back, at most (a lost one, a statement that changed nothing).
 * Long enough for a loaded machine: at 500 ms, CI at load 20 answered a deactivation before the other instance was
 * told, and the person's next request there was still served. A notice comes back in milliseconds otherwise, and a
 * connection that is down resolves the wait at once, so the bound costs nothing in the usual case.
 */
const NOTICE_WAIT_MS = 5_000

export interface SessionNotices {
  /** True when a notice came since the last call, or when not listening now (nothing may be kept then). */
  writtenElsewhere(): boolean
  /**
   * Called before a write that ends sessions or changes people, awaited after it: resolves when the next notice
   * comes back here (every listening instance is told at the same moment, so by then the others have it in hand;
   * the write's answer, and so the person's next request, comes after it), after NOTICE_WAIT_MS, or at once when
   * not listening.
   */
  nextNotice(): Promise<void>
  /** Resolves once listening (or once it has failed to, for now): a store that starts keeps nothing until then. */
  ready: Promise<void>
  close(): Promise<void>
}

export function listenForSessionChanges(url: string): SessionNotices {
  let listening = false
  let noticed = false
  let closed = false
  let client: pg.Client | null = null
  let retry: NodeJS.Timeout | null = null
  let waiting: (() => void)[] = []

  const lost = () => {
    listening = false
    client = null
    if (!closed && !retry) retry = setTimeout(connect, RECONNECT_MS).unref()
  }
  async function connect(): Promise<void> {
    retry = null
    if (closed) return
    const next = new pg.Client({ connectionString: url })
    client = next
    next.on('notification', () => {
      noticed = true
      const told = waiting
      waiting = []
      for (const resolve of told) resolve()
    })
    next.on('error', () => {})
    next.on('end', () => {
      if (client === next) lost()
    })
    try {
      await next.connect()
      await next.query(`listen ${SESSION_CHANGES}`)
      if (closed || client !== next) return
      // Whatever changed while this instance was not listening is unknown: forget all once.
      noticed = true
      listening = true
    } catch {
      if (client === next) {
        void next.end().catch(() => {})
        lost()
      }
    }
  }
  const ready = connect()

  return {
    writtenElsewhere() {
      if (!listening) return true
      if (!noticed) return false
      noticed = false
      return true
    },
    nextNotice() {
      if (!listening) return Promise.resolve()
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, NOTICE_WAIT_MS)
        waiting.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    },
    ready,
    async close() {
      closed = true
      listening = false
      if (retry) clearTimeout(retry)
      await client?.end().catch(() => {})
      client = null
    },
  }
}
