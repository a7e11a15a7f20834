// PostgreSQL's LISTEN/NOTIFY for the console: one dedicated connection per instance (a pooled one would hand the
// LISTEN to whichever query borrows it next), listening on named channels, each notice handed to its channel's
// handler. Notices sent while the connection is down are lost for good, so after each (re)connection the caller is
// told it is listening and re-reads what it may have missed. The connection comes back with a doubling back-off.
import { type Kysely, sql } from 'kysely'
import pg from 'pg'

export interface NoticeListenerOptions {
  url: string
  /** A handler per channel, called with the notice's payload (a short text the sender chose, or ''). */
  channels: Readonly<Record<string, (payload: string) => void>>
  /**
   * Called each time LISTEN is in place, the first time too: from then on every notice arrives, and what was sent
   * before (while connecting, or while the connection was down) has to be read from the tables.
   */
  onListening?: () => void
  /** Called once when the connection is lost (or the first cannot be made), before the first retry. */
  onLost?: (error: unknown) => void
  /** Shown in pg_stat_activity, so an operator (and a test) can tell this connection from the pools'. */
  name?: string
  /** The first wait before reconnecting, doubled after each failure up to `maxRetryMs`. */
  retryMs?: number
  maxRetryMs?: number
  /** How long a connection attempt may take before it counts as failed (a test of the close sets it long). */
  connectTimeoutMs?: number
}

export interface NoticeListener {
  /** Whether LISTEN is in place now. */
  listening(): boolean
  /** Ends the connection and stops reconnecting; waits at most a second for the server. */
  close(): Promise<void>
}

const NOTICE_RETRY_MS = 100
const NOTICE_MAX_RETRY_MS = 5_000
// A connection attempt that takes longer failed: a server out of reach must not hold the retries.
const CONNECT_TIMEOUT_MS = 5_000
const CLOSE_WAIT_MS = 1_000
// PostgreSQL's limit on an identifier, and so on a channel's and application's name.
const NAME_LIMIT = 63

export function listenForNotices(options: NoticeListenerOptions): NoticeListener {
  const firstRetryMs = options.retryMs ?? NOTICE_RETRY_MS
  const maxRetryMs = options.maxRetryMs ?? NOTICE_MAX_RETRY_MS
  for (const channel of Object.keys(options.channels))
    if (!/^[a-z_][a-z0-9_]*$/.test(channel) || channel.length > NAME_LIMIT)
      throw new Error(`A notice channel is a lower-case identifier of at most ${NAME_LIMIT} characters: ${channel}`)
  let client: pg.Client | null = null
  let isListening = false
  let closed = false
  let retryMs = firstRetryMs
  let retry: NodeJS.Timeout | null = null
  // One report of a lost connection per episode, not one per failed attempt.
  let lostReported = false

  function lost(from: pg.Client, error: unknown) {
    // An older client's late 'end' after a newer one took over says nothing of the newer.
    if (from !== client) return
    client = null
    isListening = false
    from.removeAllListeners('notification')
    // Its socket may still be open (an error on a query): the server's side of it is of no more use.
    void from.end().catch(() => {})
    if (closed) return
    if (!lostReported) {
      lostReported = true
      options.onLost?.(error)
    }
    retry = setTimeout(connect, retryMs)
    retry.unref()
    retryMs = Math.min(retryMs * 2, maxRetryMs)
  }

  async function connect() {
    retry = null
    if (closed) return
    const next = new pg.Client({
      connectionString: options.url,
      application_name: options.name?.slice(0, NAME_LIMIT),
      connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      // A peer that vanished without a word (a host down, a cut link) is found by TCP's keep-alive probes.
      keepAlive: true,
    })
    client = next
    // Both may come for one loss (pg_terminate_backend sends an error, then the socket ends): `lost` acts once.
    next.on('error', (error) => lost(next, error))
    next.on('end', () => lost(next, new Error('the notice connection ended')))
    next.on('notification', (notice) => {
      if (closed) return
      options.channels[notice.channel]?.(notice.payload ?? '')
    })
    try {
      await next.connect()
      for (const channel of Object.keys(options.channels)) await next.query(`listen ${channel}`)
    } catch (error) {
      lost(next, error)
      return
    }
    if (closed || client !== next) return
    isListening = true
    retryMs = firstRetryMs
    lostReported = false
    options.onListening?.()
  }

  void connect()

  return {
    listening: () => isListening,
    async close() {
      closed = true
      isListening = false
      if (retry) clearTimeout(retry)
      retry = null
      const last = client
      client = null
      if (!last) return
      last.removeAllListeners('notification')
      let timer: NodeJS.Timeout | undefined
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, CLOSE_WAIT_MS)
        timer.unref()
      })
      await Promise.race([last.end().catch(() => {}), waited])
      clearTimeout(timer)
    },
  }
}

// PostgreSQL refuses a payload of 8,000 bytes or more; a notice says that something changed (an id at most), and the
// listener reads the rows themselves, so nothing personal ever travels in one.
const PAYLOAD_LIMIT = 200

/**
 * Sends a notice on `channel`. Inside a transaction it goes out when the transaction commits, and not at all if it
 * rolls back: a listener that hears it can read what was written.
 */
export async function sendNotice<DB>(db: Kysely<DB>, channel: string, payload = ''): Promise<void> {
  if (payload.length > PAYLOAD_LIMIT) throw new Error(`A notice's payload is an id, not ${payload.length} characters`)
  await sql`select pg_notify(${channel}, ${payload})`.execute(db)
}
