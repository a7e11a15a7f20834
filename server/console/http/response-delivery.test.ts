// A stalled download ends, on real sockets over loopback: a client that stops reading an endless stream has its
// response ended and the stream cancelled (where an export gives its slots back); a response read whole leaves its
// kept-alive connection as it was.
import type { AddressInfo } from 'node:net'
import { connect, type Socket } from 'node:net'
import { type ServerType, serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import { eventually } from '../../shared/test-support/eventually'
import { streamDelivery } from './response-delivery'

const STALL_MS = 200
const CHUNK = new Uint8Array(64 * 1024).fill(0x61)

let server: ServerType | undefined
afterEach(
  () =>
    new Promise<void>((resolve) => {
      if (!server)
        return resolve()
        // A connection the test left open (a failing run's stalled one) must not hold the close.
      ;(server as { closeAllConnections?: () => void }).closeAllConnections?.()
      server.close(() => resolve())
    }),
)

/** Serves /endless (64 KB chunks for as long as they are taken) and /short, each under streamDelivery. */
async function start() {
  const seen = { cancelled: false, chunks: 0 }
  const app = new Hono()
    .get('/endless', (c) => {
      void streamDelivery(c, STALL_MS)
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          seen.chunks += 1
          controller.enqueue(CHUNK)
        },
        cancel() {
          seen.cancelled = true
        },
      })
      return c.body(body, 200, { 'Content-Type': 'text/plain' })
    })
    .get('/short', (c) => {
      void streamDelivery(c, STALL_MS)
      return c.text('done')
    })
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(info.port))
  })
  return { port, seen }
}

const open = async (port: number): Promise<Socket> => {
  const socket = connect(port, '127.0.0.1')
  await new Promise((resolve) => socket.once('connect', resolve))
  return socket
}

const get = (socket: Socket, path: string) =>
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`)

describe('a response whose client stops reading', () => {
  it('is ended once nothing goes through for the wait, and its stream is cancelled', async () => {
    const { port, seen } = await start()
    const socket = await open(port)
    const closed = new Promise((resolve) => socket.once('close', resolve))
    socket.on('error', () => {})
    // Nothing is read: the kernel's buffers fill, then the server's writes wait.
    socket.pause()
    get(socket, '/endless')
    await eventually(() => expect(seen.cancelled).toBe(true))
    // Buffers full, not a few chunks: it was the stall that ended it.
    expect(seen.chunks).toBeGreaterThan(8)
    socket.resume()
    await closed
  })

  it('never touches a connection whose response was read whole: the next request on it is answered', async () => {
    const { port } = await start()
    const socket = await open(port)
    let text = ''
    socket.on('data', (chunk) => {
      text += chunk.toString()
    })
    get(socket, '/short')
    await eventually(() => expect(text).toMatch(/\r\n\r\ndone$/))
    // Idle for longer than the stall's wait (and within Node's 5 s keep-alive): still open, and answers again.
    await new Promise((resolve) => setTimeout(resolve, STALL_MS * 3))
    expect(socket.destroyed).toBe(false)
    text = ''
    get(socket, '/short')
    await eventually(() => expect(text).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*\r\n\r\ndone$/))
    socket.destroy()
  })
})
