// The built dashboard (dist/), last: any path no route took is the SPA's, with the session it opens with; and the
// fast path for voice API reads that the server puts in front of the app (proxy/fast-reads.ts).
import type { Hono } from 'hono'
import { API_PREFIX } from '../../../src/api/contract/schemas'
import type { SessionEnv } from '../auth/require-session'
import { sessionBody } from '../auth/routes'
import { NO_TRUSTED_PROXIES } from '../http/trusted-proxies'
import { createFastReads } from '../proxy/fast-reads'
import { spaRoutes } from '../web/spa'
import type { ConsoleAppOptions } from './options'
import type { ConsoleParts } from './parts'

export function mountWeb(app: Hono<SessionEnv>, options: ConsoleAppOptions, parts: ConsoleParts) {
  const { sessions, cookie } = parts
  app.route(
    '/',
    spaRoutes(options.distDir, async (c) => {
      const session = await sessions.resolve(cookie.read(c))
      return session ? sessionBody(session) : { user: null, permissions: [] }
    }),
  )
}

export function fastReadsOf(options: ConsoleAppOptions, parts: ConsoleParts) {
  const { hosts, sessions, cookie, limiter, proxy, headers } = parts
  return createFastReads({
    prefix: API_PREFIX,
    hosts,
    sessions,
    cookie,
    limiter,
    readApi: proxy.readApi,
    headers,
    logger: options.logger,
    measured: options.ops?.requestMeasured,
    trustedProxies: options.network?.trustedProxies ?? NO_TRUSTED_PROXIES,
    forwardedHeader: options.network?.forwardedHeader ?? 'x-forwarded-for',
  })
}
