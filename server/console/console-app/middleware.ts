// The chain every request passes before its route, in this order: the client's address and request id, the
// operations' routes (ahead of the log: load balancers probe every few seconds), the request log and the error
// handler, the host check, the security headers, the refusals' audit, CSRF, and the console's route names.
import type { Hono } from 'hono'
import { CONSOLE_PREFIX } from '../../../src/api/contract/console-schemas'
import { auditRefusals } from '../audit/refusals'
import type { SessionEnv } from '../auth/require-session'
import { resolveClientAddress } from '../http/client-address'
import { consoleRoute } from '../http/console-route'
import { csrfCheck } from '../http/csrf'
import { hostCheck } from '../http/host-check'
import { problem } from '../http/problem'
import { queryLimitProblem } from '../http/query-problems'
import { requestIds } from '../http/request-id'
import { requestLog } from '../http/request-log'
import { NO_TRUSTED_PROXIES } from '../http/trusted-proxies'
import { isStoreUnreachable } from '../store/store-unreachable'
import { isStoreUnwritable } from '../store/store-unwritable'
import type { ConsoleAppOptions } from './options'
import type { ConsoleParts } from './parts'

export function mountMiddleware(app: Hono<SessionEnv>, options: ConsoleAppOptions, parts: ConsoleParts) {
  const { now, hosts, headers, origins, actorOfCookie, refusals, queryPace, endsStreams } = parts
  app.use(
    resolveClientAddress(
      options.network?.trustedProxies ?? NO_TRUSTED_PROXIES,
      options.network?.forwardedHeader ?? 'x-forwarded-for',
    ),
  )
  app.use(requestIds(options.network?.trustedProxies ?? NO_TRUSTED_PROXIES))
  // Ahead of the log, the host check and the audit: load balancers probe by address, every few seconds.
  if (options.ops) {
    app.use(options.ops.measure)
    app.route('/', options.ops.routes)
  }
  app.use(requestLog(options.logger))
  app.onError((error, c) => {
    const refused = queryLimitProblem(error)
    if (refused) {
      if (isStoreUnreachable(error))
        options.logger.error({ msg: 'store unreachable', route: c.get('route') ?? null, error: String(error) })
      if (isStoreUnwritable(error)) {
        // /readyz fails from now until a write succeeds again (ops/readiness.ts).
        options.store.writeHealth.failed(now())
        options.logger.error({ msg: 'store cannot save', route: c.get('route') ?? null, error: String(error) })
      }
      return refused
    }
    options.logger.error({ msg: 'unhandled error', route: c.get('route') ?? null, error: String(error) })
    return problem(
      500,
      'Internal error',
      'Something went wrong in the console. Try again; if it keeps happening, tell an admin.',
    )
  })
  app.use(hostCheck(hosts))
  // Listed once, not on every request.
  const headerEntries = Object.entries(headers)
  app.use(async (c, next) => {
    await next()
    for (const [name, value] of headerEntries) c.res.headers.set(name, value)
  })
  app.use(auditRefusals(actorOfCookie, refusals, queryPace))
  app.use(csrfCheck(origins))
  app.use(`${CONSOLE_PREFIX}/*`, consoleRoute)
  app.use(`${CONSOLE_PREFIX}/sign-out`, endsStreams)
  app.use(`${CONSOLE_PREFIX}/users/*`, endsStreams)
}
