// The console server: createConsole reads as its phases, each in console-app/. Order matters: the parts first, then
// the middleware chain (client address, request id, log, host check, headers, CSRF), the console's API per area,
// the live stream, the voice API behind sessions and roles, and the SPA last.
import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { SessionEnv } from './auth/require-session'
import { mountAccountRoutes } from './console-app/account-routes'
import { mountAlertRoutes } from './console-app/alert-routes'
import { mountCallRoutes } from './console-app/call-routes'
import { mountComplianceRoutes } from './console-app/compliance-routes'
import { mountLiveRoutes } from './console-app/live-routes'
import { mountMiddleware } from './console-app/middleware'
import type { ConsoleAppOptions } from './console-app/options'
import { consoleParts } from './console-app/parts'
import { mountUsageRoutes } from './console-app/usage-routes'
import { mountVoiceApi } from './console-app/voice-api'
import { fastReadsOf, mountWeb } from './console-app/web'
import type { FastReads } from './proxy/fast-reads'

export type { ConsoleAppOptions } from './console-app/options'

// The contract is zod/mini, which brings no messages of its own: a field without one is described in English.
z.config(z.locales.en())

/**
 * The app, the fast path for voice API reads that the server puts in front of it (proxy/fast-reads.ts), and what
 * the server's stop writes before the store closes (the sessions' gathered last-seen times).
 */
export function createConsole(options: ConsoleAppOptions): {
  app: Hono<SessionEnv>
  fastReads: FastReads
  flush: () => Promise<void>
} {
  const parts = consoleParts(options)
  const app = new Hono<SessionEnv>()
  mountMiddleware(app, options, parts)
  mountAccountRoutes(app, options, parts)
  mountAlertRoutes(app, options, parts)
  mountComplianceRoutes(app, options, parts)
  mountCallRoutes(app, options, parts)
  mountUsageRoutes(app, options, parts)
  mountLiveRoutes(app, options, parts)
  mountVoiceApi(app, options, parts)
  mountWeb(app, options, parts)
  return { app, fastReads: fastReadsOf(options, parts), flush: parts.sessions.flushSeen }
}
