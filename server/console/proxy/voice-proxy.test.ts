import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createVoiceProxy, isProxiedPath } from './proxy'

// A stand-in upstream that echoes what reached it.
const seen: { url: string; headers: Record<string, string>; body: string }[] = []
const upstream = new Hono().all('*', async (c) => {
  const body = c.req.method === 'POST' ? await c.req.text() : ''
  seen.push({ url: c.req.url, headers: Object.fromEntries(c.req.raw.headers), body })
  if (c.req.path === '/storage/endless.wav') {
    // A long recording: one chunk now, the rest never (until the reader goes away).
    return c.body(new ReadableStream({ start: (controller) => controller.enqueue(new Uint8Array(1024)) }), 200)
  }
  if (c.req.path.startsWith('/storage/')) {
    return c.body('RIFF', 206, { 'Content-Range': 'bytes 0-3/100', 'Set-Cookie': 'a=b' })
  }
  return c.json({ ok: true, path: c.req.path })
})
let server: ReturnType<typeof serve>
let base = ''

beforeAll(async () => {
  await new Promise<void>((resolve) => {
    server = serve({ fetch: upstream.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve())
  })
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => server.close())

const proxy = () => createVoiceProxy({ upstream: base, apiKey: 'sim_demo_key_acme' })
const req = (path: string, init: RequestInit = {}) =>
  new Request(`http://app.test${path}`, { ...init, headers: { host: 'app.test', ...init.headers } })

describe('createVoiceProxy', () => {
  it('forwards the voice API with the server key and the query string', async () => {
    const res = await proxy()(req('/api/v1/voice/calls?limit=25'))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true, path: '/api/v1/voice/calls' })
    const last = seen.at(-1)
    expect(last?.url).toBe(`${base}/api/v1/voice/calls?limit=25`)
    expect(last?.headers.authorization).toBe('Bearer sim_demo_key_acme')
  })

  it('keeps a key the browser sends, and the idempotency key and body of a POST', async () => {
    await proxy()(
      req('/api/v1/voice/calls', {
        method: 'POST',
        body: '{"a":1}',
        headers: {
          authorization: 'Bearer typed',
          'idempotency-key': 'k-1',
          'content-type': 'application/json',
          cookie: 'x=y',
        },
      }),
    )
    const last = seen.at(-1)
    expect(last?.headers.authorization).toBe('Bearer typed')
    expect(last?.headers['idempotency-key']).toBe('k-1')
    expect(last?.headers['content-type']).toBe('application/json')
    expect(last?.headers.cookie).toBeUndefined()
    expect(last?.body).toBe('{"a":1}')
  })

  it('passes Range through for recordings and drops upstream cookies', async () => {
    const res = await proxy()(req('/storage/rec.wav', { headers: { range: 'bytes=0-3', authorization: 'Bearer x' } }))
    expect(res.status).toBe(206)
    // Signed links need no key: neither the server's nor one the browser sent goes to storage.
    expect(seen.at(-1)?.headers.authorization).toBeUndefined()
    expect(res.headers.get('content-range')).toBe('bytes 0-3/100')
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(seen.at(-1)?.headers.range).toBe('bytes=0-3')
  })

  it('ends a streamed body quietly when the browser goes away, instead of erroring', async () => {
    const browser = new AbortController()
    const res = await proxy()(req('/storage/endless.wav', { signal: browser.signal }))
    const reader = res.body?.getReader()
    expect((await reader?.read())?.value?.byteLength).toBe(1024)
    const next = reader?.read()
    browser.abort()
    await expect(next).resolves.toEqual({ done: true, value: undefined })
  })

  it('sends no key when none is configured, so the service answers 401', async () => {
    await createVoiceProxy({ upstream: base })(req('/api/v1/voice/account'))
    expect(seen.at(-1)?.headers.authorization).toBeUndefined()
  })

  it('refuses everything that is not the voice API or storage', async () => {
    const count = seen.length
    expect((await proxy()(req('/etc/passwd'))).status).toBe(404)
    expect((await proxy()(req('/api/v1/other'))).status).toBe(404)
    expect((await proxy()(req('/api/v1/voice/..%2F..%2Fadmin'))).status).toBe(400)
    expect((await proxy()(req('/api/v1/voice/calls', { method: 'DELETE' }))).status).toBe(405)
    expect((await proxy()(req('/storage/x.wav', { method: 'POST', body: 'x' }))).status).toBe(405)
    expect(seen.length).toBe(count)
  })

  it('refuses absolute-form requests for another host', async () => {
    const res = await proxy()(new Request('http://evil.example/api/v1/voice/calls', { headers: { host: 'app.test' } }))
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
  })

  it('answers 502 problem+json when the upstream is down', async () => {
    const res = await createVoiceProxy({ upstream: 'http://127.0.0.1:9' })(req('/api/v1/voice/calls'))
    expect(res.status).toBe(502)
    const body = (await res.json()) as { detail: string }
    expect(body.detail).toMatch(/could not be reached/)
    expect(JSON.stringify(body)).not.toContain('sim_demo_key_acme')
  })

  it('knows which paths it owns', () => {
    expect(isProxiedPath('/api/v1/voice')).toBe(true)
    expect(isProxiedPath('/api/v1/voiceover')).toBe(false)
    expect(isProxiedPath('/storage/a.wav')).toBe(true)
    expect(isProxiedPath('/calls')).toBe(false)
  })
})
