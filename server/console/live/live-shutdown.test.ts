// The hub on a real socket: the stream's headers as a browser gets them, and a console that closes
// with viewers connected ends their streams and stops its timers instead of waiting on them.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { hashPassword } from '../auth/passwords'
import { PASSWORD } from '../test-support/console-app'
import { startTestServer, type TestServer } from '../test-support/running-console'
import { ACME_KEY, type SimulatorProcess, startSimulatorProcess } from '../test-support/simulator-process'
import { openSse } from '../test-support/sse-client'

let sim: SimulatorProcess
let server: TestServer

beforeAll(async () => {
  sim = await startSimulatorProcess()
  server = await startTestServer({ VOICE_API_BASE_URL: sim.url, VOICE_API_KEY: ACME_KEY, CONSOLE_LIVE_POLL_MS: '100' })
  await server.store.users.add({
    email: 'manager@example.com',
    role: 'manager',
    passwordHash: await hashPassword(PASSWORD),
    now: Date.now(),
  })
}, 60_000)
afterAll(async () => {
  await sim?.stop()
})

it('streams over HTTP without buffering, and ends every stream when the console closes', async () => {
  const origin = `http://127.0.0.1:${server.port}`
  const signIn = await fetch(`${origin}/api/console/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'sec-fetch-site': 'same-origin', 'x-voice-console': '1' },
    body: JSON.stringify({ email: 'manager@example.com', password: PASSWORD }),
  })
  expect(signIn.status).toBe(200)
  const cookie = signIn.headers.getSetCookie()[0]?.split(';')[0] ?? ''
  const response = await fetch(`${origin}/api/console/events`, { headers: { cookie } })
  expect(response.headers.get('content-type')).toBe('text/event-stream')
  expect(response.headers.get('x-accel-buffering')).toBe('no')
  const client = await openSse(response)
  await client.next((event) => event.event === 'snapshot')

  await server.close()
  await client.closed
})
