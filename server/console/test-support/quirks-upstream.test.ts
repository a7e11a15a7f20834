// The quirks upstream itself: each switch does what its name says, so a test that relies on it
// tests the console and not a fixture that quietly behaves.

import { request } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PLAIN_CALLS, QUIRK_CALL_IDS } from './quirks-catalogue'
import { type QuirksUpstream, startQuirksUpstream } from './quirks-upstream'

let upstream: QuirksUpstream
beforeAll(async () => {
  upstream = await startQuirksUpstream()
})
afterAll(() => upstream?.close())

const get = (path: string) =>
  fetch(`${upstream.url}/api/v1/voice${path}`, { headers: { authorization: 'Bearer any-key' } })
const list = async (cursor?: string) =>
  (await (
    await get(`/calls?limit=100${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`)
  ).json()) as {
    calls: { call_id: string }[]
    next_cursor?: string | null
  }

describe('the quirks upstream', () => {
  it('asks for a bearer key', async () => {
    expect((await fetch(`${upstream.url}/api/v1/voice/calls`)).status).toBe(401)
  })

  it('pages every call with cursors that need encoding, ending on null', async () => {
    upstream.reset()
    const first = await list()
    expect(first.next_cursor).toMatch(/[/+&#?]/)
    const second = await list(first.next_cursor ?? '')
    expect(first.calls.length + second.calls.length).toBe(PLAIN_CALLS + Object.keys(QUIRK_CALL_IDS).length)
    expect(second.next_cursor).toBeNull()
  })

  it.each([
    ['omitted', (page: { next_cursor?: unknown }) => expect('next_cursor' in page).toBe(false)],
    ['empty', (page: { next_cursor?: unknown }) => expect(page.next_cursor).toBe('')],
  ] as const)('ends a listing with a cursor %s', async (cursor, check) => {
    upstream.set({ cursor })
    const first = await list()
    check(await list(first.next_cursor ?? ''))
  })

  it('loops, repeats and never ends when asked', async () => {
    upstream.set({ cursor: 'loop' })
    const first = await list()
    const last = await list(first.next_cursor ?? '')
    expect((await list(last.next_cursor ?? '')).calls[0]?.call_id).toBe(first.calls[0]?.call_id)
    upstream.set({ cursor: 'repeat' })
    const again = await list((await list()).next_cursor ?? '')
    expect(again.next_cursor).toBe((await list(again.next_cursor ?? '')).next_cursor)
    upstream.set({ cursor: 'endless' })
    let page = await list()
    for (let i = 0; i < 4; i++) page = await list(page.next_cursor ?? '')
    expect(page.calls).toEqual([])
    expect(page.next_cursor).toBeTruthy()
  })

  it('serves the calls with a quirk as they are', async () => {
    upstream.reset()
    const nulls = (await (await get(`/calls/${QUIRK_CALL_IDS.nulls}`)).json()) as Record<string, unknown>
    expect(nulls.billed_minutes).toBeNull()
    const bad = (await (await get(`/calls/${QUIRK_CALL_IDS.badField}`)).json()) as Record<string, unknown>
    expect(bad.duration_seconds).toBe('forty')
    expect('caller_id' in bad).toBe(false)
  })

  it('fails, limits and hangs on the switches', async () => {
    upstream.set({ listFailure: 'html-500' })
    const failed = await get('/calls')
    expect([failed.status, failed.headers.get('content-type')]).toEqual([500, 'text/html'])
    upstream.set({ listFailure: 'none', rateLimit: { paths: '^/account$', retryAfterSeconds: 7 } })
    const limited = await get('/account')
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '7'])
    upstream.set({ rateLimit: null, hang: { paths: '^/usage$', what: 'headers' } })
    await expect(
      fetch(`${upstream.url}/api/v1/voice/usage`, {
        headers: { authorization: 'Bearer k' },
        signal: AbortSignal.timeout(300),
      }),
    ).rejects.toThrow()
    upstream.reset()
  })

  it('pages usage history by a cursor parameter of its own name, and answers the first page to any other', async () => {
    upstream.set({ historyCursorParam: 'page_token' })
    const read = async (query: string) =>
      (await (await get(`/usage/history${query}`)).json()) as {
        periods: { period_start: string }[]
        next_cursor: string | null
      }
    const first = await read('?limit=2')
    expect([first.periods.length, first.next_cursor]).toEqual([2, 'h2'])
    const second = await read('?limit=2&page_token=h2')
    expect(second.periods.map((period) => period.period_start)).toEqual([
      '2026-09-01T00:00:00Z',
      '2026-08-01T00:00:00Z',
    ])
    expect((await read('?page_token=h4')).next_cursor).toBeNull()
    expect(await read('?limit=2&cursor=h2')).toEqual(first)
    upstream.reset()
  })

  it('keeps recordings on another origin, with CORS only when asked', async () => {
    const { recordings } = (await (await get(`/calls/${QUIRK_CALL_IDS.recorded}/recordings`)).json()) as {
      recordings: { url: string }[]
    }
    const url = recordings[0]?.url ?? ''
    expect(new URL(url).origin).toBe(upstream.storageUrl)
    expect((await fetch(url)).headers.get('access-control-allow-origin')).toBeNull()
    upstream.set({ storageCors: true })
    expect((await fetch(url)).headers.get('access-control-allow-origin')).toBe('*')
    expect(upstream.storageSeen.at(-1)?.request).toBe(`GET ${new URL(url).pathname}${new URL(url).search}`)
    upstream.reset()
  })

  it('answers errors in each shape, repeating the key it was given when asked', async () => {
    upstream.set({ fail: { paths: '^/account$', status: 403, shape: 'problem', message: 'Key {key} refused.' } })
    const problem = await get('/account')
    expect(problem.status).toBe(403)
    expect(problem.headers.get('content-type')).toBe('application/problem+json')
    expect(await problem.json()).toMatchObject({ title: 'Key any-key refused.', detail: 'Key any-key refused.' })
    upstream.set({ fail: { paths: '^/account$', status: 500, shape: 'text', message: 'Key {key} refused.' } })
    expect(await (await get('/account')).text()).toBe('Key any-key refused. See the account page.\n')
    expect((await get('/usage')).status).toBe(200)
    upstream.reset()
  })

  it('compresses whatever the request accepted, and redirects when asked', async () => {
    upstream.set({ compress: 'gzip', redirect: { paths: '^/usage$', status: 308, to: 'same' } })
    // node:http, not fetch: fetch would decode the body and follow the redirect itself.
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer; status: number }>((resolve) => {
      const req = request(`${upstream.url}/api/v1/voice/account`, { headers: { authorization: 'Bearer k' } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks), status: res.statusCode ?? 0 }))
      })
      req.end()
    })
    expect(raw.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(raw.body).toString())).toMatchObject({ client_id: 'cli_quirks' })
    const moved = await fetch(`${upstream.url}/api/v1/voice/usage`, {
      headers: { authorization: 'Bearer k' },
      redirect: 'manual',
    })
    expect(moved.status).toBe(308)
    expect(moved.headers.get('location')).toBe('/moved/api/v1/voice/usage')
    upstream.reset()
  })

  it('takes its switches over HTTP', async () => {
    await fetch(`${upstream.url}/__quirks`, { method: 'PUT', body: JSON.stringify({ createStatus: 202 }) })
    expect(upstream.quirks.createStatus).toBe(202)
    await fetch(`${upstream.url}/__quirks`, { method: 'DELETE' })
    expect(upstream.quirks.createStatus).toBe(200)
  })
})
