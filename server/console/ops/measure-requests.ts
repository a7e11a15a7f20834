// Counts and times every request by route: the pattern a handler named (c.get('route'): an operation of
// operations.ts, or a console route's pattern), else the pattern of the route that answered. Never the raw
// path, whose ids would make the label's values unbounded.
import type { MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import type { LogVariables } from '../http/request-log'
import type { ConsoleMetrics } from './metrics'

export function measureRequests(metrics: ConsoleMetrics): MiddlewareHandler<{ Variables: LogVariables }> {
  return async (c, next) => {
    const started = performance.now()
    try {
      await next()
    } finally {
      // After next(), routePath is the answering handler's (a middleware's, when it answered: a 401, a 421).
      const route = c.get('route') ?? (routePath(c) || 'unmatched')
      metrics.request(route, c.req.method, c.res.status, (performance.now() - started) / 1000)
    }
  }
}
