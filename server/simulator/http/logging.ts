import type { MiddlewareHandler } from 'hono'

export interface Logger {
  info(entry: Record<string, unknown>): void
  error(entry: Record<string, unknown>): void
}

export function createLogger(mode: 'json' | 'off'): Logger {
  const write = (level: string, entry: Record<string, unknown>) => {
    if (mode === 'off' && level !== 'error') return
    process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level, ...entry })}\n`)
  }
  return { info: (entry) => write('info', entry), error: (entry) => write('error', entry) }
}

/**
 * One line per request. Only the path is logged: query strings may hold signatures,
 * and headers (Authorization) are never logged.
 */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    await next()
    logger.info({
      msg: 'request',
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    })
  }
}
