// Only the console's own names are served: a DNS-rebinding page (Host: evil.example)
// cannot use a console that listens on loopback.
import type { MiddlewareHandler } from 'hono'
import { problem } from './problem'

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]']

/** Host header values (host:port, lower-case) the console answers to. */
export function allowedHosts(publicUrl: URL, allowLoopback: boolean): Set<string> {
  const hosts = new Set([publicUrl.host.toLowerCase()])
  if (allowLoopback) {
    const port = publicUrl.port ? `:${publicUrl.port}` : ''
    for (const name of LOOPBACK_NAMES) hosts.add(`${name}${port}`)
  }
  return hosts
}

/** The Host header names the console, and so does the request's target (`targetHost`: the URL's host). */
export function isOwnHost(hosts: Set<string>, hostHeader: string | undefined, targetHost: string): boolean {
  const host = (hostHeader ?? '').toLowerCase()
  return hosts.has(host) && targetHost.toLowerCase() === host
}

export function hostCheck(hosts: Set<string>): MiddlewareHandler {
  return async (c, next) => {
    // An absolute-form request naming another host would make the proxy an open one.
    if (!isOwnHost(hosts, c.req.header('host'), new URL(c.req.url).host)) {
      return problem(421, 'Misdirected request', 'This console does not answer for that host name.')
    }
    await next()
  }
}
