// GET /api/console/events: the hub's events as Server-Sent Events. `?call_id=…` (repeated) watches
// calls by id besides the in-flight board; Last-Event-ID resumes after a drop (the header, or
// `?last_event_id=` for a new EventSource, which cannot set headers); comment lines keep
// proxies from closing an idle stream. A stream ends with its session (a sign-out, a deactivation, a role
// change), within a second on any instance and at once on the one that made the change (stream-sweep.ts); the
// heartbeat checks it again too, which keeps the session in use while a page is open.
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { type SSEStreamingApi, streamSSE } from 'hono/streaming'
import * as z from 'zod/mini'
import type { LiveStreamStats } from '../../../src/api/contract/live-schemas'
import { HEARTBEAT_MS, MAX_WATCHED_CALLS } from '../../../src/api/contract/live-schemas'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { sendProblem } from '../http/problem'
import { queryString } from '../http/query-string'
import type { LiveHub, LiveSubscription, Refusal } from './live-hub'
import type { StreamSweep } from './stream-sweep'

const CALL_ID = /^[A-Za-z0-9_-]{1,100}$/
// The hub's event ids: its boot id, a dash, a counter.
const EVENT_ID = /^[A-Za-z0-9_-]{1,80}$/

// The calls watched, each its own `call_id` (the same twice counts once); the last event id is checked in the
// handler with the header's, which wins over it.
const eventsQuery = z.object({
  call_id: z.optional(
    z
      .array(z.string())
      .check(z.refine((ids) => new Set(ids).size <= MAX_WATCHED_CALLS && ids.every((id) => CALL_ID.test(id)))),
  ),
  last_event_id: z.optional(z.string()),
})
const RETRY_AFTER_SECONDS = 30

// Why a stream was refused, in words; the page shows the detail beside the view it keeps polling.
const REFUSALS: Record<Refusal, { title: string; detail: string }> = {
  'person-streams': {
    title: 'Too many live streams for you',
    detail:
      'You already hold as many live streams as one person may, from other browsers or devices. Close the console in one of them; until then this page checks for changes itself.',
  },
  'person-watches': {
    title: 'Too many calls watched live',
    detail:
      'Your open pages already watch as many calls live as one person may. Close some call pages; until then this page checks for changes itself.',
  },
  'call-full': {
    title: 'Too many viewers',
    detail: 'That call has as many live viewers as the console serves. Try again shortly.',
  },
  'hub-full': {
    title: 'Too many viewers',
    detail: 'The console serves as many live streams as it can. Try again shortly.',
  },
  closed: {
    title: 'Too many viewers',
    detail: 'The console serves as many live streams as it can. Try again shortly.',
  },
}
// Writes waiting for a slow reader; past this the stream ends and the browser resumes with Last-Event-ID.
const MAX_BACKLOG = 500
// When the hub closes (a drain), each stream ends with `retry:` so EventSource reconnects, through the load
// balancer, within a second or three: spread out, so the other instances are not met by every stream at once.
const RECONNECT_HINT_MS = { min: 500, spread: 2_000 }
// The hint waits behind writes still queued, but never longer than this.
const HINT_WAIT_MS = 1_000

export interface EventsRouteOptions {
  /** Null when the console has no API key: there is nothing to watch. */
  hub: LiveHub | null
  signedIn: MiddlewareHandler<SessionEnv>
  /** Whether the request's session is still active and may still read calls. */
  stillAllowed(c: Context<SessionEnv>): Promise<boolean>
  heartbeatMs?: number
  /** Ends a stream once its session ends or its person changes. */
  sweep: StreamSweep
}

export function eventsRoutes(options: EventsRouteOptions) {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS
  const routes = new Hono<SessionEnv>()
  // How many streams the console holds, and whose: to see that a browser holds one, however many tabs.
  routes.get('/stats', options.signedIn, requirePermission('users:manage'), async (c) => {
    const hub = options.hub
    // Across instances the people are counted in the store: every instance's streams.
    const people = hub ? await hub.people() : []
    const body: LiveStreamStats = { streams: people.reduce((sum, person) => sum + person.streams, 0), people }
    return c.json(body)
  })
  const query = queryString(
    eventsQuery,
    (c) =>
      sendProblem(
        c,
        400,
        'Invalid call ids',
        `Watch at most ${MAX_WATCHED_CALLS} call ids, each made of letters, digits, "_" and "-".`,
      ),
    { lists: ['call_id'] },
  )
  return routes.get('/', options.signedIn, requirePermission('calls:read'), query, async (c) => {
    const asked = c.req.valid('query')
    const ids = [...new Set(asked.call_id ?? [])]
    // The header wins: EventSource sends it on its own reconnects, when the query still names an older event.
    const lastEventId = c.req.header('last-event-id') || asked.last_event_id || null
    if (lastEventId !== null && !EVENT_ID.test(lastEventId))
      return sendProblem(c, 400, 'Invalid event id', 'The last event id is made of letters, digits, "_" and "-".')
    if (!options.hub)
      return sendProblem(
        c,
        503,
        'Live updates not available',
        'This console sends no live updates: it has no API key for the voice service yet (VOICE_API_KEY), or they are turned off (CONSOLE_LIVE=off). The pages check for changes themselves.',
      )

    let stream: SSEStreamingApi | null = null
    let backlog = 0
    let queue: Promise<unknown> = Promise.resolve()
    let end = () => {}
    let hubClosed = false
    const ended = new Promise<void>((resolve) => {
      end = resolve
    })
    const write = (send: (to: SSEStreamingApi) => Promise<unknown>) => {
      if (!stream || stream.aborted || stream.closed) return
      if (backlog >= MAX_BACKLOG) return end()
      backlog += 1
      const to = stream
      queue = queue
        .then(() => send(to))
        .finally(() => {
          backlog -= 1
        })
    }
    // Across instances a stream is counted in the store first: when it cannot be reached, the app answers 503.
    const subscription: LiveSubscription | Refusal = await options.hub.subscribe(
      ids,
      {
        send: (event) =>
          write((to) => to.writeSSE({ id: event.id, event: event.name, data: JSON.stringify(event.data) })),
        end: () => {
          hubClosed = true
          end()
        },
      },
      c.get('session').userId,
    )
    if (typeof subscription === 'string') {
      c.header('Retry-After', String(RETRY_AFTER_SECONDS))
      const { title, detail } = REFUSALS[subscription]
      return sendProblem(c, 429, title, detail, { reason: subscription })
    }
    // Tells nginx and its kind not to buffer the stream.
    c.header('X-Accel-Buffering', 'no')
    const { idHash, role } = c.get('session')
    return streamSSE(c, async (sse) => {
      stream = sse
      sse.onAbort(() => end())
      const unwatch = options.sweep.add({ idHash, role, end })
      const heartbeat = setInterval(async () => {
        if (await options.stillAllowed(c).catch(() => false)) write((to) => to.write(': heartbeat\n\n'))
        else end()
      }, heartbeatMs)
      try {
        await Promise.race([subscription.ready, ended])
        if (!sse.aborted) subscription.start(lastEventId)
        await ended
        if (hubClosed && !sse.aborted) await reconnectHint(sse, queue)
      } finally {
        clearInterval(heartbeat)
        unwatch()
        subscription.leave()
      }
    })
  })
}

/** The last thing a closing stream says: reconnect after a short, random wait (the hub is going away). */
async function reconnectHint(sse: SSEStreamingApi, queue: Promise<unknown>): Promise<void> {
  const ms = RECONNECT_HINT_MS.min + Math.floor(Math.random() * RECONNECT_HINT_MS.spread)
  let timer: ReturnType<typeof setTimeout> | undefined
  const gaveUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, HINT_WAIT_MS)
  })
  const written = queue.catch(() => {}).then(() => sse.write(`retry: ${ms}\n\n`))
  await Promise.race([written, gaveUp]).catch(() => {})
  clearTimeout(timer)
}
