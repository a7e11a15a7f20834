import { createServer } from 'node:net'

/**
 * A loopback port nothing listens on right now, from the OS's ephemeral range: for a server whose own URL (or a
 * neighbour's) must be known before it starts, as the console's public URL and the simulator's recording links are.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port was given')),
      )
    })
  })
}
