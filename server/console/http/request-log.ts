// A JSON line per request: time, request id, client address, user id, method, route pattern, status, ms (and the
// instance, which server.ts adds to every line). Never a path with a signature, a cookie, a header or a body.
import type { MiddlewareHandler } from 'hono'
import { clientAddress } from './client-address'

export interface Logger {
  info(entry: Record<string, unknown>): void
  error(entry: Record<string, unknown>): void
}

export function createLogger(
  mode: 'json' | 'off',
  write: (line: string) => void = (line) => {
    process.stdout.write(line)
  },
): Logger {
  const log = (level: string, entry: Record<string, unknown>) => {
    if (mode === 'off' && level !== 'error') return
    write(`${JSON.stringify({ time: new Date().toISOString(), level, ...entry })}\n`)
  }
  return { info: (entry) => log('info', entry), error: (entry) => log('error', entry) }
}

/** Every line with these fields too (server.ts: the instance, so lines from several instances can be told apart). */
export function withFields(logger: Logger, fields: Record<string, unknown>): Logger {
  return {
    info: (entry) => logger.info({ ...fields, ...entry }),
    error: (entry) => logger.error({ ...fields, ...entry }),
  }
}

export interface LogVariables {
  /** An operation's pattern (set by the proxy), or a console route's (console-route.ts). */
  route?: string
  userId?: string
  /** http/request-id.ts */
  requestId?: string
}

/** The one line a request leaves; the fast path (proxy/fast-reads.ts) writes it too. */
export function logRequest(
  logger: Logger,
  entry: {
    requestId: string
    client: string
    user: string | null
    method: string
    route: string
    status: number
    started: number
  },
): void {
  const { started, ...fields } = entry
  logger.info({ msg: 'request', ...fields, ms: Math.round((performance.now() - started) * 10) / 10 })
}

export function requestLog(logger: Logger): MiddlewareHandler<{ Variables: LogVariables }> {
  return async (c, next) => {
    const started = performance.now()
    await next()
    logRequest(logger, {
      requestId: c.get('requestId') ?? 'none',
      client: clientAddress(c),
      user: c.get('userId') ?? null,
      method: c.req.method,
      route: c.get('route') ?? (c.req.path.startsWith('/api/') ? 'unmatched' : 'static'),
      status: c.res.status,
      started,
    })
  }
}
