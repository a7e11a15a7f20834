// GET /api/console/events: the hub's events as Server-Sent Events. `?call_id=…` (repeated) watches
// calls by id besides the in-flight board; Last-Event-ID resumes after a drop; comment lines keep
// proxies from closing an idle stream. The session is checked again at every heartbeat, so a
// stream ends with the session (a sign-out, a deactivation, a role without calls:read).
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { type SSEStreamingApi, streamSSE } from 'hono/streaming'
import { HEARTBEAT_MS, MAX_WATCHED_CALLS } from '../../../src/api/live-schemas'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { sendProblem } from '../http/problem'
import type { LiveHub, LiveSubscription } from './live-hub'

const CALL_ID = /^[A-Za-z0-9_-]{1,100}$/
// Writes waiting for a slow reader; past this the stream ends and the browser resumes with Last-Event-ID.
const MAX_BACKLOG = 500

export interface EventsRouteOptions {
  /** Null when the console has no API key: there is nothing to watch. */
  hub: LiveHub | null
  signedIn: MiddlewareHandler<SessionEnv>
  /** Whether the request's session is still active and may still read calls. */
  stillAllowed(c: Context<SessionEnv>): Promise<boolean>
  heartbeatMs?: number
}

export function eventsRoutes(options: EventsRouteOptions) {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS
  return new Hono<SessionEnv>().get('/', options.signedIn, requirePermission('calls:read'), (c) => {
    c.set('route', c.req.routePath)
    const ids = [...new Set(c.req.queries('call_id') ?? [])]
    if (ids.length > MAX_WATCHED_CALLS || ids.some((id) => !CALL_ID.test(id)))
      return sendProblem(
        c,
        400,
        'Invalid call ids',
        `Watch at most ${MAX_WATCHED_CALLS} call ids, each made of letters, digits, "_" and "-".`,
      )
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
    const subscription: LiveSubscription | string = options.hub.subscribe(ids, {
      send: (event) =>
        write((to) => to.writeSSE({ id: event.id, event: event.name, data: JSON.stringify(event.data) })),
      end: () => end(),
    })
    if (typeof subscription === 'string') {
      c.header('Retry-After', '30')
      return sendProblem(
        c,
        429,
        'Too many viewers',
        subscription === 'call-full'
          ? 'That call has as many live viewers as the console serves. Try again shortly.'
          : 'The console serves as many live streams as it can. Try again shortly.',
      )
    }
    const lastEventId = c.req.header('last-event-id') ?? null
    // Tells nginx and its kind not to buffer the stream.
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(c, async (sse) => {
      stream = sse
      sse.onAbort(() => end())
      const heartbeat = setInterval(async () => {
        if (await options.stillAllowed(c).catch(() => false)) write((to) => to.write(': heartbeat\n\n'))
        else end()
      }, heartbeatMs)
      try {
        await Promise.race([subscription.ready, ended])
        if (!sse.aborted) subscription.start(lastEventId)
        await ended
      } finally {
        clearInterval(heartbeat)
        subscription.leave()
      }
    })
  })
}
