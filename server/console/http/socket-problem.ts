// Answers written straight to a socket before any request reaches the app (a request too slow, headers too large,
// the per-address connection cap): the same problem+json as the app's, with a request id made here (no request
// was read, so no proxy's id either) in its X-Request-Id header and `instance`, and a log line with that id, so a
// person's "it said urn:request:…" finds the line as it does for any other answer.
import type { Duplex } from 'node:stream'
import { rawProblem } from './problem'
import { problemInstance, REQUEST_ID_HEADER, requestIdOf } from './request-id'
import type { Logger } from './request-log'
import { normalizeAddress } from './trusted-proxies'

export interface SocketProblem {
  status: number
  reason: string
  title: string
  detail: string
  headers?: Record<string, string>
  /** Why, for the log: Node's error code, or the console's own word. */
  cause: string
}

/**
 * Writes the problem, closes the socket, and logs it; answers the request id. `socket` is a net.Socket, typed as
 * Node's clientError hands it (a Duplex).
 */
export function endWithProblem(
  socket: Duplex & { remoteAddress?: string },
  logger: Logger,
  answer: SocketProblem,
): string {
  const requestId = requestIdOf(undefined, false)
  socket.end(
    rawProblem(
      answer.status,
      answer.reason,
      answer.title,
      answer.detail,
      { ...answer.headers, [REQUEST_ID_HEADER]: requestId },
      { instance: problemInstance(requestId) },
    ),
  )
  logger.info({
    msg: 'answered before the app',
    requestId,
    client: normalizeAddress(socket.remoteAddress ?? 'unknown'),
    status: answer.status,
    cause: answer.cause,
  })
  return requestId
}
