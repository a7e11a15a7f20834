// One client may hold at most `max` sockets at once, so a single address cannot take the whole
// server's cap (server.maxConnections) from everyone else. A trusted proxy's sockets are not
// counted: behind it, one address carries every person's connections.
import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import { addressGroup } from './address-group'
import type { Logger } from './request-log'
import { endWithProblem } from './socket-problem'
import { normalizeAddress, type TrustedProxies } from './trusted-proxies'

export function capConnectionsPerAddress(server: Server, max: number, proxies: TrustedProxies, logger: Logger): void {
  const open = new Map<string, number>()
  // Before the HTTP parser's own listener, so a refused socket is never read as a request.
  server.prependListener('connection', (socket: Socket) => {
    const peer = normalizeAddress(socket.remoteAddress ?? 'unknown')
    if (proxies.trusts(peer)) return
    const address = addressGroup(peer)
    const count = open.get(address) ?? 0
    if (count >= max) {
      endWithProblem(socket, logger, {
        status: 429,
        reason: 'Too Many Requests',
        title: 'Too many connections',
        detail: `Your address already has ${max} connections open to the console. Close some tabs or try again shortly.`,
        headers: { 'Retry-After': '5' },
        cause: 'connections-per-address',
      })
      return
    }
    open.set(address, count + 1)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left > 0) open.set(address, left)
      else open.delete(address)
    })
  })
}
