import type { Context } from 'hono'
import type { Logger } from './logging'
import { ProblemError, problemResponse } from './problem'

/** The one place errors become responses: known problems as they are, anything else a generic 500. */
export function createErrorHandler(logger: Logger) {
  return (error: Error, c: Context) => {
    if (error instanceof ProblemError) return problemResponse(c, error)
    logger.error({
      msg: 'unhandled error',
      method: c.req.method,
      path: c.req.path,
      error: error.stack ?? String(error),
    })
    return problemResponse(
      c,
      new ProblemError(500, 'Internal error', 'Something went wrong on our side. Try again in a moment.', {
        type: 'internal-error',
      }),
    )
  }
}

export function notFoundHandler(c: Context) {
  return problemResponse(
    c,
    new ProblemError(404, 'Not found', `There is no resource at ${c.req.path}.`, { type: 'not-found' }),
  )
}

/** Registered after a path's real routes, so another method on a known path is a 405, not a 404. */
export function methodNotAllowed(allowed: string[]) {
  return (c: Context) =>
    problemResponse(
      c,
      new ProblemError(
        405,
        'Method not allowed',
        `${c.req.method} is not supported here. Use ${allowed.join(' or ')}.`,
        {
          type: 'method-not-allowed',
          headers: { Allow: allowed.join(', ') },
        },
      ),
    )
}
