// An upstream that misbehaves (CORS for everyone, cookies, slow answers), in front of the whole console.
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestConsole, expectProblem, type TestConsole } from '../test-support/console-app'
import { type StandIn, startStandIn } from '../test-support/stand-in-upstream'

// The console's limit on the voice API's headers. 1 s, not 150 ms, nor 400: the recording's headers, sent at once,
// must arrive within it on a loaded machine (a CI run at load near 10 once held them past 150 ms).
const TIMEOUT_MS = 1_000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
// The usage read never answers until the tests end: its 504 alone shows the limit held, with no clock to read.
let answerUsage = () => {}
const usageAnswered = new Promise<void>((resolve) => {
  answerUsage = resolve
})

const hostile = new Hono()
  .get('/api/v1/voice/account', (c) =>
    c.json({ client_id: 'cli_acme0001' }, 200, {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Credentials': 'true',
      Server: 'voice-backend/9.9',
      'X-Powered-By': 'something',
      'Set-Cookie': 'upstream_session=abc; Path=/',
      ETag: '"v1"',
    }),
  )
  .get('/api/v1/voice/usage', async (c) => {
    await usageAnswered
    return c.json({ late: true })
  })
  .get('/storage/recordings/:file', (c) => {
    // Headers at once, then a chunk every 1.5 timeouts: a long recording on a slow line.
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (let i = 0; i < 4; i++) {
          controller.enqueue(new Uint8Array(1000).fill(i))
          await sleep(TIMEOUT_MS * 1.5)
        }
        controller.close()
      },
    })
    return c.body(body, 200, { 'Content-Type': 'audio/wav', 'Content-Length': '4000' })
  })

let upstream: StandIn
let t: TestConsole
let cookie: string

beforeAll(async () => {
  upstream = await startStandIn(hostile)
  t = await createTestConsole({ upstream: upstream.url, upstreamTimeoutMs: TIMEOUT_MS })
  await t.addUser('ana@example.com', 'admin')
  cookie = await t.signIn('ana@example.com')
})
afterAll(async () => {
  answerUsage()
  await t?.store.close()
  await upstream?.close()
})

describe('an upstream that misbehaves', () => {
  it('passes its answer but not its CORS, Server, X-Powered-By or Set-Cookie headers', async () => {
    const res = await t.request('/api/v1/voice/account', { cookie })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ client_id: 'cli_acme0001' })
    expect(res.headers.get('etag')).toBe('"v1"')
    for (const name of ['access-control-allow-origin', 'access-control-allow-credentials', 'server', 'x-powered-by']) {
      expect(res.headers.get(name), name).toBeNull()
    }
    expect(res.headers.getSetCookie()).toEqual([])
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('sends the server key upstream, never the browser cookie or Authorization', async () => {
    await t.request('/api/v1/voice/account', { cookie, headers: { authorization: 'Bearer typed-in-browser' } })
    const last = upstream.seen.at(-1)
    expect(last?.headers.authorization).toBe('Bearer sim_demo_key_acme')
    expect(last?.headers.cookie).toBeUndefined()
  })

  it(`answers 504 problem+json when the headers take longer than the ${TIMEOUT_MS} ms timeout`, async () => {
    const body = await expectProblem(await t.request('/api/v1/voice/usage', { cookie }), 504)
    expect(body.detail).toMatch(/did not answer within 1 second/)
  })

  it('does not cut a recording whose body streams for longer than the timeout', async () => {
    const started = performance.now()
    const res = await t.request('/storage/recordings/call_slow.wav?expires=1&signature=x', { cookie })
    expect(res.status).toBe(200)
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect(performance.now() - started).toBeGreaterThan(TIMEOUT_MS * 4)
    expect(bytes.byteLength).toBe(4000)
    expect([bytes[0], bytes[1000], bytes[2000], bytes[3999]]).toEqual([0, 1, 2, 3])
  })

  it('answers 502 problem+json, without the key, when nothing listens upstream', async () => {
    const down = await createTestConsole({ upstream: 'http://127.0.0.1:9', store: t.store })
    const res = await down.request('/api/v1/voice/account', { cookie })
    const body = await expectProblem(res, 502)
    expect(JSON.stringify(body)).not.toContain('sim_demo_key_acme')
  })
})
