// The drain's edge with a load balancer: a connection the listener took just before it closed, whose request
// was not read yet, is answered (nginx cannot resend a POST it wrote), and one that never sends a request
// does not hold the drain up. A plain node:http server with the drain's own parts, on loopback.
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import { type AddressInfo, connect, type Socket } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import type { Logger } from '../http/request-log'
import { createDrain, LATE_REQUEST_MS, trackRequests } from './drain'

const quiet: Logger = { info: () => {}, error: () => {} }
const servers: Server[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections()
})

async function drainingServer() {
  const server = createServer((_req, res) => res.end('placed'))
  servers.push(server)
  const requests = trackRequests(server)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  /** A connection the server has taken (its 'connection' event fired), with nothing sent on it yet. */
  const takenConnection = async (): Promise<Socket> => {
    const taken = once(server, 'connection')
    const socket = connect(port, '127.0.0.1')
    await Promise.all([once(socket, 'connect'), taken])
    return socket
  }
  const drain = () =>
    createDrain(quiet).run(
      { graceMs: 0, timeoutMs: 5_000 },
      { server, requests, endStreams: () => {}, closeRest: async () => {} },
    )
  return { server, port, takenConnection, drain }
}

const untilStoppedListening = async (server: Server) => {
  while (server.listening) await new Promise((resolve) => setTimeout(resolve, 5))
}

/** Everything the server sends on `socket` until it ends it, or the error that ended it. */
const readToEnd = (socket: Socket) =>
  new Promise<string>((resolve) => {
    let text = ''
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString()
    })
    socket.on('end', () => resolve(text))
    socket.on('error', (error) => resolve(`error: ${error.message}`))
  })

it('answers a request written, after the listener closed, on a connection it took just before', async () => {
  const { server, port, takenConnection, drain } = await drainingServer()
  const socket = await takenConnection()
  const drained = drain()
  await untilStoppedListening(server)
  // New connections are refused from now on, so a balancer sends them to another instance...
  const refused = connect(port, '127.0.0.1')
  const [refusal] = (await once(refused, 'error')) as [NodeJS.ErrnoException]
  expect(refusal.code).toBe('ECONNREFUSED')
  // ...but the request on the connection already taken is answered, and its connection closes after.
  const answer = readToEnd(socket)
  socket.write('POST /calls HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n')
  const text = await answer
  expect(text).toMatch(/^HTTP\/1\.1 200 OK/)
  expect(text.toLowerCase()).toContain('connection: close')
  expect(text).toMatch(/placed$/)
  await drained
})

it('closes a connection that never sends a request, once the late requests have had their time', async () => {
  const { server, takenConnection, drain } = await drainingServer()
  const socket = await takenConnection()
  const ended = readToEnd(socket)
  const started = Date.now()
  await drain()
  expect(await ended).toBe('')
  expect(Date.now() - started).toBeGreaterThanOrEqual(LATE_REQUEST_MS - 50)
  expect(server.listening).toBe(false)
})
