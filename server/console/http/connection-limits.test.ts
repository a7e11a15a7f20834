// The header timeout and the per-address connection cap, on real sockets over loopback.
import { connect, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { loadConsoleConfig } from '../config'
import { startTestServer, type TestServer } from '../test-support/running-console'
import { checkSocketProblemId } from '../test-support/socket-problem-id'

let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const open = async (port: number): Promise<Socket> => {
  const socket = connect(port, '127.0.0.1')
  await new Promise((resolve) => socket.once('connect', resolve))
  return socket
}

const headAndBody = (text: string) => ({
  head: text.slice(0, text.indexOf('\r\n\r\n')),
  body: text.slice(text.indexOf('\r\n\r\n') + 4),
})

/** Everything the server sends until it closes the socket, and when it closed it. */
const answerOf = (socket: Socket) =>
  new Promise<{ text: string; closedAt: number }>((resolve) => {
    let text = ''
    socket.on('data', (chunk) => {
      text += chunk.toString()
    })
    socket.on('error', () => {})
    socket.once('close', () => resolve({ text, closedAt: performance.now() }))
  })

describe('the header timeout', () => {
  it('closes a connection that sends its headers slowly within a second of CONSOLE_HEADERS_TIMEOUT_MS, with a 408', async () => {
    server = await startTestServer({ CONSOLE_HEADERS_TIMEOUT_MS: '1500' })
    const socket = await open(server.port)
    const answer = answerOf(socket)
    const started = performance.now()
    socket.write(`GET /api/console/setup HTTP/1.1\r\nHost: localhost:${server.port}\r\n`)
    // One header byte every 100 ms: alive, never finished.
    const drip = setInterval(() => socket.writable && socket.write('X'), 100)
    const { text, closedAt } = await answer
    clearInterval(drip)
    const lived = closedAt - started
    expect(lived).toBeGreaterThanOrEqual(1_400)
    expect(lived).toBeLessThan(3_000)
    expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/)
    expect(text).toMatch(/application\/problem\+json/)
    const { head, body } = headAndBody(text)
    const { logged } = await checkSocketProblemId(head, body, server.lines)
    expect(logged).toMatchObject({ status: 408, cause: 'ERR_HTTP_REQUEST_TIMEOUT', client: '127.0.0.1' })
  })
})

describe('the keep-alive timeout', () => {
  it('keeps an idle connection open for CONSOLE_KEEP_ALIVE_TIMEOUT_MS, and says so to the client', async () => {
    server = await startTestServer({ CONSOLE_KEEP_ALIVE_TIMEOUT_MS: '65000' })
    // Node names its idle timeout in every kept-alive answer: the setting's, in seconds.
    const res = await fetch(`${server.url}/api/console/setup`)
    expect(res.headers.get('keep-alive')).toBe('timeout=65')
  })

  it('is 5 s unless told, and refuses one under a second, naming the setting', () => {
    expect(loadConsoleConfig({}).network.keepAliveTimeoutMs).toBe(5_000)
    expect(() => loadConsoleConfig({ CONSOLE_KEEP_ALIVE_TIMEOUT_MS: '500' })).toThrow(/CONSOLE_KEEP_ALIVE_TIMEOUT_MS/)
  })
})

describe('the per-address connection cap', () => {
  it('answers a socket past CONSOLE_MAX_CONNECTIONS_PER_ADDRESS with 429 problem+json, and takes one again when another closes', async () => {
    server = await startTestServer({ CONSOLE_MAX_CONNECTIONS_PER_ADDRESS: '3' })
    const held = await Promise.all([1, 2, 3].map(() => open(server?.port ?? 0)))
    const extra = await open(server.port)
    const { text } = await answerOf(extra)
    expect(text).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/)
    expect(text).toMatch(/Retry-After: 5/)
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toMatchObject({
      status: 429,
      title: 'Too many connections',
    })
    const { head, body } = headAndBody(text)
    const { logged } = await checkSocketProblemId(head, body, server.lines)
    expect(logged).toMatchObject({ status: 429, cause: 'connections-per-address', client: '127.0.0.1' })
    const closed = new Promise((resolve) => held[0]?.once('close', resolve))
    held[0]?.destroy()
    await closed
    await new Promise((resolve) => setTimeout(resolve, 50))
    const res = await fetch(`${server.url}/api/console/setup`)
    expect(res.status).toBe(200)
    for (const socket of held) socket.destroy()
  })

  it('lets an office of 200 behind one address in by default: a live stream and two more sockets each', async () => {
    server = await startTestServer()
    const held = await Promise.all(Array.from({ length: 600 }, () => open(server?.port ?? 0)))
    const res = await fetch(`${server.url}/api/console/setup`)
    expect(res.status).toBe(200)
    for (const socket of held) socket.destroy()
  })

  it('does not count the sockets of a trusted proxy', async () => {
    server = await startTestServer({ CONSOLE_MAX_CONNECTIONS_PER_ADDRESS: '2', CONSOLE_TRUSTED_PROXIES: '127.0.0.1' })
    const held = await Promise.all([1, 2, 3, 4].map(() => open(server?.port ?? 0)))
    const res = await fetch(`${server.url}/api/console/setup`, { headers: { 'x-forwarded-for': '203.0.113.5' } })
    expect(res.status).toBe(200)
    for (const socket of held) socket.destroy()
  })
})
