import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { ephemeralRangeStart, freePort } from './free-port'

describe('freePort', () => {
  it('gives ports below the range outgoing connections take theirs from, each once', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()))
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000)
      expect(port).toBeLessThan(ephemeralRangeStart())
    }
    expect(new Set(ports).size).toBe(ports.length)
  })

  it('gives a port a server can then listen on', async () => {
    const port = await freePort()
    const server = createServer()
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', resolve)
    })
    await new Promise((resolve) => server.close(resolve))
  })
})
