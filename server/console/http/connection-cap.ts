// One client may hold at most `max` sockets at once, so a single address cannot take the whole
// server's cap (server.maxConnections) from everyone else. A trusted proxy's sockets are not
// counted: behind it, one address carries every person's connections.
import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import { addressGroup } from './address-group'
import { rawProblem } from './problem'
import { normalizeAddress, type TrustedProxies } from './trusted-proxies'

export function capConnectionsPerAddress(server: Server, max: number, proxies: TrustedProxies): void {
  const open = new Map<string, number>()
  // Before the HTTP parser's own listener, so a refused socket is never read as a request.
  server.prependListener('connection', (socket: Socket) => {
    const peer = normalizeAddress(socket.remoteAddress ?? 'unknown')
    if (proxies.trusts(peer)) return
    const address = addressGroup(peer)
    const count = open.get(address) ?? 0
    if (count >= max) {
      socket.end(
        rawProblem(
          429,
          'Too Many Requests',
          'Too many connections',
          `Your address already has ${max} connections open to the console. Close some tabs or try again shortly.`,
          { 'Retry-After': '5' },
        ),
      )
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
