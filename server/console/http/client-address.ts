import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/** The peer's address; the console is meant to be reached directly or through a proxy on loopback. */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // app.request() in tests has no socket.
    return 'unknown'
  }
}
