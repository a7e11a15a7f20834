// The live stream's route: Server-Sent Events of calls in flight, ended with the session (the streams' sweep).
import type { Hono } from 'hono'
import { CONSOLE_PREFIX } from '../../../src/api/contract/console-schemas'
import { LIVE_EVENTS_PATH } from '../../../src/api/contract/live-schemas'
import type { SessionEnv } from '../auth/require-session'
import { eventsRoutes } from '../live/events-route'
import { can } from '../roles'
import type { ConsoleAppOptions } from './options'
import type { ConsoleParts } from './parts'

export function mountLiveRoutes(app: Hono<SessionEnv>, options: ConsoleAppOptions, parts: ConsoleParts) {
  const { liveHub, signedIn, streamSweep, sessions, cookie } = parts
  app.route(
    `${CONSOLE_PREFIX}${LIVE_EVENTS_PATH}`,
    eventsRoutes({
      hub: liveHub,
      signedIn,
      heartbeatMs: options.heartbeatMs,
      sweep: streamSweep,
      stillAllowed: async (c) => {
        const session = await sessions.resolve(cookie.read(c))
        return session !== null && can(session.role, 'calls:read')
      },
    }),
  )
}
