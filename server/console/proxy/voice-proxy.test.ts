// The proxy alone: one operation, already matched and authorised, forwarded to a stand-in upstream.
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { matchOperation, type Operation } from '../operations'
import { type StandIn, startStandIn } from '../test-support/stand-in-upstream'
import { createVoiceProxy } from './voice-proxy'

let upstream: StandIn
const bodies: string[] = []

beforeAll(async () => {
  upstream = await startStandIn(
    new Hono().all('*', async (c) => {
      bodies.push(c.req.method === 'POST' ? await c.req.text() : '')
      if (c.req.path === '/storage/recordings/call_endless.wav') {
        // A long recording: one chunk now, the rest never (until the reader goes away).
        return c.body(new ReadableStream({ start: (controller) => controller.enqueue(new Uint8Array(1024)) }), 200)
      }
      if (c.req.path.startsWith('/storage/')) {
        return c.body('RIFF', 206, { 'Content-Range': 'bytes 0-3/100', 'Set-Cookie': 'a=b', 'Accept-Ranges': 'bytes' })
      }
      if (c.req.path.endsWith('/call_outage')) return c.html('<h1>502 Bad Gateway</h1><script>alert(1)</script>', 500)
      if (c.req.path.endsWith('/call_key_refused')) return c.text('Unauthorized', 401, { 'WWW-Authenticate': 'Bearer' })
      return c.json({ ok: true, path: c.req.path }, 200, { 'Idempotent-Replayed': 'true', 'Retry-After': '3' })
    }),
  )
})
afterAll(() => upstream.close())

const proxy = (apiKey: string | null = 'sim_demo_key_acme') => createVoiceProxy({ upstream: upstream.url, apiKey })
const req = (path: string, init: RequestInit = {}) => new Request(`http://app.test${path}`, init)
const operationOf = (method: string, path: string): Operation => {
  const match = matchOperation(method, new URL(`http://app.test${path}`).pathname)
  if (match.kind !== 'operation') throw new Error(`${method} ${path} is no operation`)
  return match.operation
}
const forward = (path: string, init: RequestInit = {}, apiKey?: string | null) =>
  proxy(apiKey)(req(path, init), operationOf(init.method ?? 'GET', path))

describe('createVoiceProxy', () => {
  it('forwards the operation with the server key and the query string', async () => {
    const res = await forward('/api/v1/voice/calls?limit=25')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true, path: '/api/v1/voice/calls' })
    const last = upstream.seen.at(-1)
    expect(last?.rawPath).toBe('/api/v1/voice/calls?limit=25')
    expect(last?.headers.authorization).toBe('Bearer sim_demo_key_acme')
    expect(res.headers.get('idempotent-replayed')).toBe('true')
    expect(res.headers.get('retry-after')).toBe('3')
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it("takes the player's play id off a recording link, leaving the signed query byte for byte", async () => {
    const signed = '/storage/recordings/call_1.wav?expires=1700000000&signature=a%2Fb%2Bc~'
    await forward(`${signed}&console_play=0123456789abcdef`, { headers: { range: 'bytes=0-3' } })
    expect(upstream.seen.at(-1)?.rawPath).toBe(signed)
    await forward('/storage/recordings/call_1.wav?console_play=0123456789abcdef&expires=1')
    expect(upstream.seen.at(-1)?.rawPath).toBe('/storage/recordings/call_1.wav?expires=1')
  })

  it("sends the server's key instead of one the browser sends, and keeps the idempotency key and body", async () => {
    await forward('/api/v1/voice/calls', {
      method: 'POST',
      body: '{"a":1}',
      headers: {
        authorization: 'Bearer typed',
        'idempotency-key': 'k-1',
        'content-type': 'application/json',
        cookie: 'vd_session=secret',
        // The agent's word that the callee agreed to be recorded is the console's business, not the service's.
        'x-console-recording-consent': 'confirmed',
      },
    })
    const last = upstream.seen.at(-1)
    expect(last?.headers.authorization).toBe('Bearer sim_demo_key_acme')
    expect(last?.headers['idempotency-key']).toBe('k-1')
    expect(last?.headers['content-type']).toBe('application/json')
    expect(last?.headers.cookie).toBeUndefined()
    expect(last?.headers['x-console-recording-consent']).toBeUndefined()
    expect(bodies.at(-1)).toBe('{"a":1}')
  })

  it('passes Range through for recordings, sends no key to storage, and drops upstream cookies', async () => {
    const path = '/storage/recordings/call_1.wav?expires=1&signature=s'
    const res = await forward(path, { headers: { range: 'bytes=0-3', authorization: 'Bearer x' } })
    expect(res.status).toBe(206)
    // Signed links need no key: neither the server's nor one the browser sent goes to storage.
    expect(upstream.seen.at(-1)?.headers.authorization).toBeUndefined()
    expect(upstream.seen.at(-1)?.headers.range).toBe('bytes=0-3')
    expect(upstream.seen.at(-1)?.rawPath).toBe(path)
    expect(res.headers.get('content-range')).toBe('bytes 0-3/100')
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    expect(res.headers.get('set-cookie')).toBeNull()
  })

  it('fetches recordings from a separate storage upstream when one is configured', async () => {
    const other = await startStandIn(new Hono().all('*', (c) => c.body('RIFF', 200)))
    const path = '/storage/recordings/call_1.wav'
    const viaStorage = createVoiceProxy({ upstream: 'http://127.0.0.1:9', apiKey: 'k', storageUpstream: other.url })
    expect((await viaStorage(req(path), operationOf('GET', path))).status).toBe(200)
    expect(other.seen.map((s) => s.rawPath)).toEqual([path])
    await other.close()
  })

  it('ends a streamed body quietly when the browser goes away, instead of erroring', async () => {
    const browser = new AbortController()
    const res = await forward('/storage/recordings/call_endless.wav', { signal: browser.signal })
    const reader = res.body?.getReader()
    expect((await reader?.read())?.value?.byteLength).toBe(1024)
    const next = reader?.read()
    browser.abort()
    await expect(next).resolves.toEqual({ done: true, value: undefined })
  })

  it('answers 503 problem+json and forwards nothing when no key is configured', async () => {
    const count = upstream.seen.length
    const res = await forward('/api/v1/voice/account', {}, null)
    expect(res.status).toBe(503)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
    expect(upstream.seen.length).toBe(count)
  })

  it('answers 502 problem+json, without the key, when the upstream is down', async () => {
    const down = createVoiceProxy({ upstream: 'http://127.0.0.1:9', apiKey: 'sim_demo_key_acme' })
    const res = await down(req('/api/v1/voice/calls'), operationOf('GET', '/api/v1/voice/calls'))
    expect(res.status).toBe(502)
    const body = (await res.json()) as { detail: string }
    expect(body.detail).toMatch(/could not be reached/)
    expect(JSON.stringify(body)).not.toContain('sim_demo_key_acme')
  })

  it("serves an upstream's HTML error as problem+json in words, never its markup from the console's origin", async () => {
    const res = await forward('/api/v1/voice/calls/call_outage')
    expect(res.status).toBe(500)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
    const body = await res.text()
    expect(JSON.parse(body)).toMatchObject({ title: 'Voice service failed', status: 500 })
    expect(body).not.toContain('<')
  })

  it("answers 502 in words when the upstream refuses the console's key, not the 401 that would sign the person out", async () => {
    const res = await forward('/api/v1/voice/calls/call_key_refused')
    expect(res.status).toBe(502)
    expect(((await res.json()) as { detail: string }).detail).toMatch(/does not accept the console's API key/)
    expect(res.headers.get('www-authenticate')).toBeNull()
  })

  it('refuses an upstream that is not http(s) at construction', () => {
    expect(() => createVoiceProxy({ upstream: 'file:///etc', apiKey: 'k' })).toThrow(/http/)
  })
})
