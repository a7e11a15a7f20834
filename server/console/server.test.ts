// The console's HTTP server: what a misbehaving or departing client leaves in the log.
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawExchange } from '../shared/test-support/raw-exchange'
import { startTestServer, type TestServer } from './test-support/running-console'
import { checkSocketProblemId } from './test-support/socket-problem-id'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

const logged = () => server.lines.map((line) => JSON.parse(line) as Record<string, unknown>)
const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20))
}

describe('the console server', () => {
  it('answers bytes that are not HTTP with 400 and logs them as info, without a stack', async () => {
    const answer = await rawExchange(server.port, 'NOT HTTP AT ALL\r\n\r\n')
    expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request')
    expect(answer.head).toMatch(/\r\ncontent-type: application\/problem\+json/i)
    expect(JSON.parse(answer.body)).toMatchObject({ status: 400 })
    // Its request id in a header, in the problem's instance and in the log line, as for any answer of the app.
    const { logged: line } = await checkSocketProblemId(answer.head, answer.body, server.lines)
    expect(line).toMatchObject({
      level: 'info',
      msg: 'answered before the app',
      status: 400,
      client: '127.0.0.1',
      cause: expect.stringMatching(/^HPE_/),
    })
    expect(logged().filter((entry) => entry.level === 'error')).toEqual([])
  })

  it('logs a browser that leaves in the middle of a request as info, not as an error', async () => {
    const before = server.lines.length
    const socket = connect(server.port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.write(`GET /api/console/session HTTP/1.1\r\nHost: localhost:${server.port}\r\nX-Half: `)
    await new Promise((resolve) => setTimeout(resolve, 50))
    socket.resetAndDestroy()
    // Background work (a lease taken) may log meanwhile: the lines about this connection are judged.
    const aboutClients = () =>
      logged()
        .slice(before)
        .filter((line) => line.msg !== 'lease taken')
    await waitFor(() => aboutClients().length > 0)
    expect(aboutClients()).toEqual([
      {
        time: expect.any(String),
        level: 'info',
        instance: expect.any(String),
        msg: 'client connection ended',
        code: 'ECONNRESET',
      },
    ])
  })

  it('answers an address past 16 KB with a 431 problem, not a bare status line', async () => {
    const res = await fetch(`${server.url}/api/v1/voice/calls/call_${'A'.repeat(20_000)}`)
    expect(res.status).toBe(431)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
    const body = await res.text()
    expect(JSON.parse(body)).toMatchObject({ status: 431, title: 'Request too large' })
    const head = `\r\nx-request-id: ${res.headers.get('x-request-id')}`
    const { logged: line } = await checkSocketProblemId(head, body, server.lines)
    expect(line).toMatchObject({ status: 431, cause: 'HPE_HEADER_OVERFLOW' })
  })

  it('still answers after all three', async () => {
    const res = await fetch(`${server.url}/api/console/setup`)
    expect(res.status).toBe(200)
  })
})
