// A service that repeats the console's key in its errors ("API key fk_live_… is not valid"), in every shape services
// write errors in, in front of the whole console as it runs (its config, its fast reads, the app, the audit, the
// log): no byte of any answer, no header, no log line and no audit entry holds the key or another configured secret.
// And a 403 is a refusal in the service's words, not the key's trouble.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { UPSTREAM_KEY_REFUSED } from '../../../src/api/contract/console-schemas'
import { REDACTED } from '../http/known-secrets'
import { QUIRK_CALL_IDS } from '../test-support/quirks-catalogue'
import { ERROR_SHAPES } from '../test-support/quirks-protocol'
import { type QuirksUpstream, startQuirksUpstream } from '../test-support/quirks-upstream'
import {
  type RawResponse,
  rawRequest,
  signInOnSocket,
  startTestServer,
  type TestServer,
} from '../test-support/running-console'

const KEY = 'fk_live_9x8Yq2Lm4Np6Rs1Tv3Wz'
const METRICS_TOKEN = 'metrics-0123456789-abcdef'
// The service names the key it was given, and (as a careless service might) another secret of ours besides.
const ECHO = `API key {key} is not valid (hint: ${METRICS_TOKEN}). Ask your provider.`
const CALL = { caller_id: '+14155550100', destination: '+442071838750' }

let quirks: QuirksUpstream
let server: TestServer
let person: Awaited<ReturnType<typeof signInOnSocket>>

beforeAll(async () => {
  quirks = await startQuirksUpstream()
  server = await startTestServer({
    VOICE_API_BASE_URL: quirks.url,
    VOICE_API_KEY: KEY,
    CONSOLE_METRICS_TOKEN: METRICS_TOKEN,
    // A few hundred requests in a minute, all one person's.
    CONSOLE_USER_RATE_LIMIT: '100000',
  })
  person = await signInOnSocket(server, 'ana@example.com', 'admin')
})
beforeEach(() => quirks.reset())
afterAll(async () => {
  await server?.close()
  await quirks?.close()
})

/** The three ways an answer leaves: the fast read path, the app's read path, and a write through the app. */
const paths = {
  'a fast read (/account)': () => rawRequest(server.port, '/api/v1/voice/account', { headers: person.read }),
  "the app's read (a call's detail)": () =>
    rawRequest(server.port, `/api/v1/voice/calls/${QUIRK_CALL_IDS.recorded}`, { headers: person.read }),
  'a write (placing a call)': () =>
    rawRequest(server.port, '/api/v1/voice/calls', {
      method: 'POST',
      headers: { ...person.write, 'content-type': 'application/json', 'idempotency-key': 'k-1' },
      body: JSON.stringify(CALL),
    }),
}

function expectNoSecret(res: RawResponse, what: string) {
  const whole = `${JSON.stringify(res.headers)}\n${res.body}`
  expect(whole, what).not.toContain(KEY)
  expect(whole, what).not.toContain(METRICS_TOKEN)
}

describe('a service that repeats the key in its errors', () => {
  for (const status of [401, 403, 422, 500]) {
    for (const shape of ERROR_SHAPES) {
      it(`${status} as ${shape}: redacted on every path, and still in words`, async () => {
        quirks.set({ fail: { paths: '.', status, shape, message: ECHO } })
        for (const [name, send] of Object.entries(paths)) {
          const res = await send()
          const what = `${name}: ${res.body}`
          expectNoSecret(res, what)
          expect(res.headers['content-type'], what).toBe('application/problem+json')
          const body = JSON.parse(res.body) as Record<string, unknown>
          expect(res.status, what).toBe(status === 401 ? 502 : status)
          expect(body.type === UPSTREAM_KEY_REFUSED, what).toBe(status === 401)
          // The service's sentence is quoted (redacted) unless it wrote it in markup.
          if (shape !== 'html') expect(String(body.detail), what).toContain(`API key ${REDACTED} is not valid`)
          else expect(String(body.detail), what).not.toContain('is not valid')
          if (shape === 'problem' && status !== 401) {
            expect(body.title, what).toBe(ECHO.replace('{key}', REDACTED).replace(METRICS_TOKEN, REDACTED))
            expect(body.account, what).toEqual({ note: body.title, said: [body.title] })
          }
        }
      })
    }
  }

  it('leaves the key in no log line and no audit entry', async () => {
    for (const status of [401, 403, 422]) {
      quirks.set({ fail: { paths: '.', status, shape: 'problem', message: ECHO } })
      for (const send of Object.values(paths)) expectNoSecret(await send(), `${status}`)
    }
    const audit = await server.store.audit.page({}, 1_000)
    expect(audit.some((entry) => entry.action === 'call.refused')).toBe(true)
    for (const text of [JSON.stringify(audit), server.lines.join('\n')]) {
      expect(text).not.toContain(KEY)
      expect(text).not.toContain(METRICS_TOKEN)
    }
  })

  it('redacts the key from a successful answer too, with the length of what is sent', async () => {
    quirks.set({ tierName: `Scale for ${KEY}` })
    const res = await rawRequest(server.port, '/api/v1/voice/account', { headers: person.read })
    expect(res.status).toBe(200)
    expectNoSecret(res, res.body)
    expect((JSON.parse(res.body) as { tier: { name: string } }).tier.name).toBe(`Scale for ${REDACTED}`)
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body))
  })
})

describe("a 403: the service refusing a request, not the console's key", () => {
  const COUNTRY = 'Your plan does not allow calls to this destination country.'

  it('places no call, and says why in the service’s words with its 403', async () => {
    for (const shape of ['problem', 'message', 'text'] as const) {
      quirks.set({ fail: { paths: '^/calls$', method: 'POST', status: 403, shape, message: COUNTRY } })
      const res = await paths['a write (placing a call)']()
      expect(res.status, res.body).toBe(403)
      const body = JSON.parse(res.body) as Record<string, unknown>
      expect(body.type).not.toBe(UPSTREAM_KEY_REFUSED)
      expect(String(body.detail)).toContain(COUNTRY)
      expect(String(body.detail)).not.toMatch(/VOICE_API_KEY|See the account page/)
    }
    // Reads go on: the key is fine.
    const read = await paths['a fast read (/account)']()
    expect(read.status).toBe(200)
  })

  it("tells an admin the key is refused only for a 401; a 403 is the service's error", async () => {
    const check = async () =>
      JSON.parse((await rawRequest(server.port, '/api/console/upstream', { headers: person.read })).body) as {
        state: string
      }
    quirks.set({ fail: { paths: '^/account$', status: 403, shape: 'text', message: 'Forbidden here.' } })
    expect((await check()).state).toBe('error')
    quirks.set({ fail: { paths: '^/account$', status: 401, shape: 'text', message: ECHO } })
    expect((await check()).state).toBe('key-refused')
  })
})
