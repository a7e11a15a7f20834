// GET /healthz, GET /readyz and GET /metrics, for load balancers, orchestrators and Prometheus. Mounted ahead
// of the host check (a load balancer probes by address, not by the console's name), the request log and the
// audit: probes every few seconds would drown both. None answers anything a stranger could use: /healthz
// and /readyz say only ok or which check failed, and /metrics needs its bearer token.
import { Hono } from 'hono'
import { problemBody } from '../http/problem'
import type { ConsoleMetrics } from './metrics'
import { bearerMatches } from './metrics-token'
import type { Readiness } from './readiness'

const OPS_PATHS = { health: '/healthz', ready: '/readyz', metrics: '/metrics' } as const

const NO_STORE = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' }
const problem = (status: number, title: string, detail: string, extra: Record<string, unknown> = {}, headers = {}) =>
  new Response(problemBody(status, title, detail, extra), {
    status,
    headers: { 'Content-Type': 'application/problem+json', ...NO_STORE, ...headers },
  })

const NOT_READY: Record<Exclude<Readiness['store'], 'ok'>, string> = {
  unreachable: 'This console instance cannot reach its store (the database).',
  timeout: 'This console instance’s store (the database) did not answer in time.',
  'migrations-pending': 'This console instance’s store is missing migrations this version needs.',
  unwritable: 'This console instance’s store (the database) cannot save: it is full or read-only.',
}

export interface OpsRoutesOptions {
  readiness(): Promise<Readiness>
  metrics: ConsoleMetrics
  /** Null: /metrics is off (CONSOLE_METRICS_TOKEN unset). */
  metricsToken: string | null
}

export function opsRoutes(options: OpsRoutesOptions) {
  const routes = new Hono()
  routes.get(OPS_PATHS.health, () => Response.json({ status: 'ok' }, { headers: NO_STORE }))

  routes.get(OPS_PATHS.ready, async () => {
    const state = await options.readiness()
    const checks = { store: state.store, dashboard: state.dashboard, draining: state.draining }
    if (state.ready) return Response.json({ status: 'ready', checks }, { headers: NO_STORE })
    const detail = state.draining
      ? 'This console instance is shutting down (draining): it finishes the requests under way and takes no new ones. Other instances serve.'
      : state.store === 'ok'
        ? 'This console instance has no dashboard to serve: its build (DASHBOARD_DIST, or dist/) holds no index.html. Run npm run build, or point DASHBOARD_DIST at the build.'
        : NOT_READY[state.store]
    return problem(503, 'Not ready', detail, { checks }, { 'Retry-After': '5' })
  })

  routes.get(OPS_PATHS.metrics, async (c) => {
    const token = options.metricsToken
    if (token === null)
      return problem(
        404,
        'Metrics are off',
        'This console serves no metrics until CONSOLE_METRICS_TOKEN is set (a random string of 16 characters or more); Prometheus then sends it as a bearer token.',
      )
    if (!bearerMatches(c.req.header('authorization'), token))
      return problem(
        401,
        'Metrics need the token',
        'Send the token of CONSOLE_METRICS_TOKEN as "Authorization: Bearer <token>".',
        {},
        { 'WWW-Authenticate': 'Bearer realm="metrics"' },
      )
    return new Response(await options.metrics.text(), {
      headers: { 'Content-Type': options.metrics.contentType, ...NO_STORE },
    })
  })
  return routes
}
