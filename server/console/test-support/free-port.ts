import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'

/** The lowest port handed out: above the registered services' usual ports and the Fetch standard's bad ports. */
const LOWEST = 20_000
/** Tries before giving up on the range below the ephemeral one and asking the OS for any port. */
const TRIES = 50
const handedOut = new Set<number>()

/**
 * A loopback port nothing listens on right now: for a server whose own URL (or a neighbour's) must be known before it
 * starts, as the console's public URL and the simulator's recording links are.
 *
 * It comes from below the OS's ephemeral range, because every outgoing connection takes its local port from that
 * range: between this check and the server's own listen, a client socket of a busy neighbour (the hard tests send
 * thousands of requests beside the benches) can take a port found free there, and the server then fails with
 * EADDRINUSE, as a CI run did. Below the range, only another server can take it. A port is handed out once per process.
 */
export async function freePort(): Promise<number> {
  const highest = ephemeralRangeStart() - 1
  for (let tries = 0; highest > LOWEST && tries < TRIES; tries++) {
    const port = LOWEST + Math.floor(Math.random() * (highest - LOWEST + 1))
    if (handedOut.has(port)) continue
    // Taken before the check, so that checks running side by side never hand out the same port.
    handedOut.add(port)
    if (await canListen(port)) return port
    handedOut.delete(port)
  }
  return anyPort()
}

/** The first port of the range the OS gives outgoing connections (Linux's default when it cannot be read). */
export function ephemeralRangeStart(): number {
  try {
    const start = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0])
    return Number.isInteger(start) && start > 0 ? start : 32_768
  } catch {
    return 32_768
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

function anyPort(): Promise<number> {
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
