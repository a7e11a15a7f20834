// What a service (or the proxy in front of it) may do on the wire that the simulator never does, in front of the
// whole console as it runs: redirect a read, compress an answer the console asked to have plain, answer an error in
// plain text. Each on the fast read path, the app's read path and the console's own reads (the admin's check).

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MAX_UPSTREAM_TIMEOUT_MS } from '../../../src/api/contract/time-limits'
import { QUIRK_CALL_IDS } from '../test-support/quirks-catalogue'
import type { Compression } from '../test-support/quirks-protocol'
import { type QuirksUpstream, startQuirksUpstream } from '../test-support/quirks-upstream'
import { rawRequest, signInOnSocket, startTestServer, type TestServer } from '../test-support/running-console'

let quirks: QuirksUpstream
let server: TestServer
let person: Awaited<ReturnType<typeof signInOnSocket>>

beforeAll(async () => {
  quirks = await startQuirksUpstream()
  server = await startTestServer({
    VOICE_API_BASE_URL: quirks.url,
    VOICE_API_KEY: 'fk_live_protocols_0001',
    CONSOLE_USER_RATE_LIMIT: '100000',
    // Its own background reads would fill quirks.seen, which these tests read.
    CONSOLE_INDEX: 'off',
    CONSOLE_LIVE: 'off',
    CONSOLE_ALERTS: 'off',
    // The longest wait allowed: what ends each answer here must be its protocol, never the clock (the 64 MiB gzip's
    // headers outran the default 10 s at load 18 in a fresh-clone CI and were answered 504, not 502).
    CONSOLE_UPSTREAM_TIMEOUT_MS: String(MAX_UPSTREAM_TIMEOUT_MS),
  })
  person = await signInOnSocket(server, 'ana@example.com', 'admin')
})
beforeEach(() => {
  quirks.reset()
  quirks.seen.length = 0
  quirks.storageSeen.length = 0
})
afterAll(async () => {
  await server?.close()
  await quirks?.close()
})

const read = (path: string) => rawRequest(server.port, `/api/v1/voice${path}`, { headers: person.read })
const json = (body: string) => JSON.parse(body) as Record<string, unknown>
// The fast path serves /account and a call's status; the app serves a call's detail (its answer is read by a hook).
const FAST = '/account'
const APP = `/calls/${QUIRK_CALL_IDS.recorded}`

describe('a read the service redirects', () => {
  for (const status of [301, 302, 307, 308]) {
    it(`${status} within its origin: followed, on both read paths`, async () => {
      quirks.set({ redirect: { paths: '.', status, to: 'same' } })
      const account = await read(FAST)
      expect(account.status, account.body).toBe(200)
      expect(json(account.body).client_id).toBe('cli_quirks')
      const detail = await read(APP)
      expect(detail.status, detail.body).toBe(200)
      expect(json(detail.body).call_id).toBe(QUIRK_CALL_IDS.recorded)
      expect(quirks.seen).toEqual([
        'GET /api/v1/voice/account',
        'GET /moved/api/v1/voice/account',
        `GET /api/v1/voice${APP}`,
        `GET /moved/api/v1/voice${APP}`,
      ])
    })
  }

  it('to another origin: not followed, the key never sent there, and a problem that says so', async () => {
    quirks.set({ redirect: { paths: '.', status: 302, to: 'other' } })
    for (const path of [FAST, APP]) {
      const res = await read(path)
      expect(res.status).toBe(502)
      expect(res.headers['content-type']).toBe('application/problem+json')
      expect(json(res.body).detail).toContain(`to ${quirks.storageUrl}, another origin`)
      expect(res.headers.location).toBeUndefined()
    }
    expect(quirks.storageSeen).toEqual([])
  })

  it('for good: a few hops, then a problem', async () => {
    quirks.set({ redirect: { paths: '.', status: 307, to: 'loop' } })
    const res = await read(FAST)
    expect(res.status).toBe(502)
    expect(json(res.body).detail).toMatch(/redirected the request more than 3 times/)
    expect(quirks.seen).toHaveLength(4)
  })

  it('a write: never followed, never sent twice', async () => {
    quirks.set({ redirect: { paths: '.', status: 307, to: 'same' } })
    const res = await rawRequest(server.port, '/api/v1/voice/calls', {
      method: 'POST',
      headers: { ...person.write, 'content-type': 'application/json', 'idempotency-key': 'k-redirect' },
      body: JSON.stringify({ caller_id: '+14155550100', destination: '+442071838750' }),
    })
    expect(res.status).toBe(502)
    expect(json(res.body).detail).toMatch(/follows redirects only for reads/)
    expect(quirks.seen).toEqual(['POST /api/v1/voice/calls'])
  })

  it("the console's own reads follow it too (the admin's check of the key)", async () => {
    quirks.set({ redirect: { paths: '.', status: 301, to: 'same' } })
    const res = await rawRequest(server.port, '/api/console/upstream', { headers: person.read })
    expect(json(res.body)).toMatchObject({ state: 'connected', clientId: 'cli_quirks' })
  })
})

describe('an answer compressed although the console asked for it plain', () => {
  for (const compress of ['gzip', 'deflate', 'deflate-raw', 'br'] satisfies Compression[]) {
    it(`${compress}: decoded on both read paths, with the length of what is sent`, async () => {
      quirks.set({ compress })
      for (const [path, field, value] of [
        [FAST, 'client_id', 'cli_quirks'],
        [APP, 'call_id', QUIRK_CALL_IDS.recorded],
        [`/calls?limit=3`, 'next_cursor', 'o=3/+&#?'],
      ] as const) {
        const res = await read(path)
        expect(res.status, res.body).toBe(200)
        expect(res.headers['content-encoding']).toBeUndefined()
        expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body))
        expect(json(res.body)[field]).toBe(value)
      }
      const check = await rawRequest(server.port, '/api/console/upstream', { headers: person.read })
      expect(json(check.body)).toMatchObject({ state: 'connected' })
    })
  }

  it('a compressed error is read for its sentence too', async () => {
    quirks.set({
      compress: 'gzip',
      fail: { paths: '.', status: 400, shape: 'text', message: 'The destination is not a number.' },
    })
    const res = await read(FAST)
    expect(res.status).toBe(400)
    expect(json(res.body).detail).toBe('The voice service answered 400 Bad Request: "The destination is not a number."')
  })

  it('a small gzip of 64 MiB: refused at the limit, not read into memory', async () => {
    quirks.set({ compress: 'gzip-bomb' })
    for (const path of [FAST, APP]) {
      const res = await read(path)
      expect(res.status).toBe(502)
      expect(json(res.body).detail).toMatch(/larger than the 8 MiB the console reads/)
    }
  })
})
