// The fast path for voice API reads (fast-reads.ts), on a real socket in front of the app as server.ts puts it:
// it serves a read that passes every rule, and hands anything else to the app, whose answer the browser then
// gets (401, 403, 429, 421). What it serves itself carries the console's headers, log line and problems.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestConsole, PUBLIC_ORIGIN, type TestConsole } from '../test-support/console-app'
import { rawRequest } from '../test-support/running-console'
import { type StandIn, startStandIn } from '../test-support/stand-in-upstream'

// The upstream's time limit. 300 ms once: at load 15 a fresh-clone CI's first read (its connection to the stand-in
// included) took longer and was answered 504. Only the slow call's test waits it out.
const TIMEOUT_MS = 3_000
const STATUS = '/api/v1/voice/calls/call_1/status'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Front {
  port: number
  /** Requests the fast path left to the app. */
  handedOver: number
  close(): Promise<void>
}

/** The app behind its fast path, as server.ts listens. */
async function front(t: TestConsole): Promise<Front> {
  const listener = getRequestListener(t.app.fetch)
  const state = { handedOver: 0 }
  const server: Server = createServer((req, res) => {
    const toApp = () => {
      state.handedOver++
      void listener(req, res)
    }
    if (!t.fastReads(req, res, toApp)) toApp()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    get handedOver() {
      return state.handedOver
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

let upstream: StandIn
let t: TestConsole
// The console's clock: the real one, held still by a test that counts a person's tokens, so that a slow machine
// (a token a second comes back) cannot change the count.
let frozenAt: number | null = null
let server: Front
let admin: string
let support: string
const host = new URL(PUBLIC_ORIGIN).host

beforeAll(async () => {
  upstream = await startStandIn(
    new Hono()
      .get('/api/v1/voice/calls/call_slow/status', async (c) => {
        await sleep(TIMEOUT_MS * 3)
        return c.json({})
      })
      .get('/api/v1/voice/calls/:id/status', (c) =>
        c.json({ call_id: c.req.param('id'), status: 'DIALER_RINGING' }, 200, {
          'Set-Cookie': 'upstream=1',
          'Access-Control-Allow-Origin': '*',
          Server: 'upstream/1.0',
          ETag: '"v1"',
        }),
      )
      .all('*', (c) => c.json({ reached: c.req.path })),
  )
  // 60 a minute: a burst of 10, so a few dozen quick reads reach the limit.
  t = await createTestConsole({
    upstream: upstream.url,
    upstreamTimeoutMs: TIMEOUT_MS,
    userRateLimitPerMinute: 60,
    now: () => frozenAt ?? Date.now(),
  })
  await t.addUser('ana@example.com', 'admin')
  await t.addUser('sam@example.com', 'support')
  admin = await t.signIn('ana@example.com')
  support = await t.signIn('sam@example.com')
  server = await front(t)
})
afterAll(async () => {
  await server?.close()
  await upstream?.close()
  await t?.store.close()
})
beforeEach(() => {
  t.lines.length = 0
})

const get = (path: string, headers: Record<string, string> = {}) =>
  rawRequest(server.port, path, { headers: { host, ...headers } })

/** Runs `request` and says whether the fast path served it or left it to the app. */
async function served<T>(request: () => Promise<T>): Promise<{ answer: T; fast: boolean }> {
  const before = server.handedOver
  const answer = await request()
  return { answer, fast: server.handedOver === before }
}

describe('the fast path for voice API reads', () => {
  it('serves a signed-in read itself, with the key upstream and only the answer’s safe headers back', async () => {
    const { answer, fast } = await served(() => get(STATUS, { cookie: admin, authorization: 'Bearer typed' }))
    expect(fast).toBe(true)
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toEqual({ call_id: 'call_1', status: 'DIALER_RINGING' })
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(answer.headers.etag).toBe('"v1"')
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(answer.headers['content-security-policy']).toMatch(/default-src 'self'/)
    expect(answer.headers['x-frame-options']).toBe('DENY')
    for (const name of ['set-cookie', 'access-control-allow-origin', 'server'])
      expect(answer.headers[name]).toBeUndefined()
    const seen = upstream.seen.at(-1)
    expect(seen?.rawPath).toBe(STATUS)
    expect(seen?.headers.authorization).toBe('Bearer sim_demo_key_acme')
    expect(seen?.headers.cookie).toBeUndefined()
  })

  it('writes the request’s log line, with the operation’s route and the person', async () => {
    await get(STATUS, { cookie: admin })
    const line = t.lines.map((text) => JSON.parse(text)).find((entry) => entry.msg === 'request')
    expect(line).toMatchObject({ method: 'GET', route: '/api/v1/voice/calls/{call_id}/status', status: 200 })
    expect(line.user).toEqual(expect.any(String))
    expect(JSON.stringify(t.lines)).not.toContain(admin.split('=')[1])
  })

  it('leaves a signed-out read to the app: 401', async () => {
    for (const cookie of [undefined, 'vd_session=made-up']) {
      const { answer, fast } = await served(() => get(STATUS, cookie ? { cookie } : {}))
      expect(fast).toBe(false)
      expect(answer.status).toBe(401)
      expect(answer.headers['content-type']).toBe('application/problem+json')
    }
  })

  it('applies a sign-out at the person’s next read', async () => {
    const cookie = await t.signIn('ana@example.com')
    expect((await get(STATUS, { cookie })).status).toBe(200)
    const signOut = await t.request('/api/console/sign-out', { method: 'POST', cookie })
    expect(signOut.status).toBeLessThan(300)
    const { answer, fast } = await served(() => get(STATUS, { cookie }))
    expect(fast).toBe(false)
    expect(answer.status).toBe(401)
  })

  it('leaves a read the role does not allow to the app: 403, audited', async () => {
    const { answer, fast } = await served(() => get('/api/v1/voice/usage', { cookie: support }))
    expect(fast).toBe(false)
    expect(answer.status).toBe(403)
    expect(answer.headers['content-type']).toBe('application/problem+json')
    const entries = await t.store.audit.page({}, 10)
    expect(JSON.stringify(entries)).toContain('request.forbidden')
  })

  it('leaves a host it does not serve to the app: 421', async () => {
    const { answer, fast } = await served(() => get(STATUS, { cookie: admin, host: 'evil.example' }))
    expect(fast).toBe(false)
    expect(answer.status).toBe(421)
  })

  it('leaves a path the URL parser would change to the app, which authorises what it forwards', async () => {
    const { answer, fast } = await served(() => get('/api/v1/voice/calls/x/../../account', { cookie: admin }))
    expect(fast).toBe(false)
    expect(answer.status).toBe(200)
    expect(upstream.seen.at(-1)?.rawPath).toBe('/api/v1/voice/account')
  })

  it('answers 504 problem+json itself when the voice service does not answer in time', async () => {
    const { answer, fast } = await served(() => get('/api/v1/voice/calls/call_slow/status', { cookie: admin }))
    expect(fast).toBe(true)
    expect(answer.status).toBe(504)
    expect(answer.headers['content-type']).toBe('application/problem+json')
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(JSON.parse(answer.body).detail).toMatch(/did not answer within/)
  })

  it('keeps each person within their rate: past the burst the app answers 429 with Retry-After', async () => {
    const cookie = await t.signIn('sam@example.com')
    const answers = []
    frozenAt = Date.now()
    try {
      for (let i = 0; i < 30; i++) answers.push(await served(() => get(STATUS, { cookie })))
    } finally {
      frozenAt = null
    }
    const refused = answers.filter(({ answer }) => answer.status === 429)
    expect(refused.length).toBeGreaterThan(0)
    expect(answers.filter(({ answer }) => answer.status === 200).length).toBeLessThanOrEqual(12)
    for (const { answer, fast } of refused) {
      expect(fast).toBe(false)
      expect(answer.headers['retry-after']).toMatch(/^\d+$/)
      expect(answer.headers['content-type']).toBe('application/problem+json')
    }
  })
})

describe('the fast path in front of a voice service that is down', () => {
  it('answers 502 problem+json itself, without the key', async () => {
    const down = await createTestConsole({ upstream: 'http://127.0.0.1:9' })
    await down.addUser('ana@example.com', 'admin')
    const cookie = await down.signIn('ana@example.com')
    const downFront = await front(down)
    const before = downFront.handedOver
    const answer = await rawRequest(downFront.port, STATUS, { headers: { host, cookie } })
    expect(downFront.handedOver).toBe(before)
    expect(answer.status).toBe(502)
    expect(answer.headers['content-type']).toBe('application/problem+json')
    expect(answer.body).not.toContain('sim_demo_key_acme')
    await downFront.close()
    await down.store.close()
  })

  it('leaves a read to the app when the store fails, which answers problem+json, never a stack', async () => {
    const broken = await createTestConsole({ upstream: upstream.url })
    await broken.addUser('ana@example.com', 'admin')
    const cookie = await broken.signIn('ana@example.com')
    const brokenFront = await front(broken)
    await broken.store.close()
    const before = brokenFront.handedOver
    const answer = await rawRequest(brokenFront.port, STATUS, { headers: { host, cookie } })
    expect(brokenFront.handedOver).toBe(before + 1)
    expect(answer.status).toBeGreaterThanOrEqual(500)
    expect(answer.headers['content-type']).toBe('application/problem+json')
    expect(answer.body).not.toMatch(/at .*\.ts/)
    await brokenFront.close()
  })
})
