// This instance's ear on SESSION_CHANGES (session-change-triggers.ts): one connection of its own that LISTENs, so
// the sessions kept in memory (recent-sessions.ts) are forgotten as soon as any connection ends a session or changes
// a person. While that connection is down (a restart, a failover), nothing is kept: every lookup reads the store,
// as before, and notices missed meanwhile cannot matter. Self-contained here so that the live events' own notices
// (branch `notify`) can join it later.
import pg from 'pg'
import { SESSION_CHANGES } from './session-change-triggers'

/** How long to wait before listening again after the connection was lost. */
const RECONNECT_MS = 1_000

export interface SessionNotices {
  /** True when a notice came since the last call, or when not listening now (nothing may be kept then). */
  writtenElsewhere(): boolean
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
