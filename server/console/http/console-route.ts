// Every answer of the console's own API (/api/console/*), set once for all its routes: never stored by a
// browser or a proxy (each holds a person's data), and named by its route's pattern for the request log, the
// metrics' label and a refusal's audit entry (a pattern: never an id from the path).
import type { MiddlewareHandler } from 'hono'
import type { LogVariables } from './request-log'

export const consoleRoute: MiddlewareHandler<{ Variables: LogVariables }> = async (c, next) => {
  c.header('Cache-Control', 'no-store')
  await next()
  // Read after the handler ran: before it, routePath is this middleware's own `/api/console/*`.
  c.set('route', c.req.routePath)
}
