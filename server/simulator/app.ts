import { Hono } from 'hono'
import { cors } from 'hono/cors'
import * as z from 'zod/mini'
import { API_PREFIX } from './contract/schemas'
import type { AppDeps, AppEnv } from './deps'
import { auth } from './http/auth'
import { createErrorHandler, notFoundHandler } from './http/error-handler'
import { faults } from './http/faults'
import { requestLog } from './http/logging'
import { rateLimit } from './http/rate-limit'
import { buildSimulatorDocument } from './openapi-simulator'
import { buildSpecDocument } from './openapi-spec'
import { accountRoutes } from './routes/account'
import { callerIdsRoutes } from './routes/caller-ids'
import { callsRoutes } from './routes/calls'
import { storageRoutes } from './routes/storage'
import { usageRoutes } from './routes/usage'

// The contract is zod/mini, which brings no messages of its own: a field without one is described in English.
z.config(z.locales.en())

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { config } = deps
  const app = new Hono<AppEnv>()
  app.onError(createErrorHandler(deps.logger))
  app.notFound(notFoundHandler)
  if (config.log === 'json') app.use(requestLog(deps.logger))

  if (config.corsOrigins.length > 0) {
    app.use(
      '/api/*',
      cors({
        origin: config.corsOrigins,
        allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
        exposeHeaders: ['Retry-After', 'Idempotent-Replayed', 'WWW-Authenticate'],
        maxAge: 600,
      }),
    )
  }
  if (config.faultLatencyMs || config.faultErrorRate > 0) {
    app.use(`${API_PREFIX}/*`, faults({ latencyMs: config.faultLatencyMs, errorRate: config.faultErrorRate }))
  }

  // Registered before authentication: the contracts are public. openapi.json is the spec's; the
  // simulator's own choices are in the document beside it.
  const documents = {
    'openapi.json': JSON.stringify(buildSpecDocument()),
    'openapi.simulator.json': JSON.stringify(buildSimulatorDocument()),
  }
  for (const [name, text] of Object.entries(documents)) {
    app.get(`${API_PREFIX}/${name}`, (c) => c.body(text, 200, { 'Content-Type': 'application/json' }))
  }

  app.use(`${API_PREFIX}/*`, auth(deps.accountsByKey), rateLimit(config.rateLimit, deps.now))
  app.route(`${API_PREFIX}/calls`, callsRoutes(deps))
  app.route(`${API_PREFIX}/caller-ids`, callerIdsRoutes(deps))
  app.route(`${API_PREFIX}/account`, accountRoutes(deps))
  app.route(`${API_PREFIX}/usage`, usageRoutes(deps))
  app.route('/storage', storageRoutes(deps))
  app.get('/healthz', (c) => c.json({ status: 'ok' }))
  return app
}
