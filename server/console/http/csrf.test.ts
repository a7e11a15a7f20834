// Cross-site writes, tried as an attacker's page would, against the console in front of the real simulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestConsole, expectProblem, type TestConsole } from '../test-support/console-app'
import {
  ACME_KEY,
  type SimulatorProcess,
  startSimulatorProcess,
  upstreamCounts,
} from '../test-support/simulator-process'
import { findSamples } from '../test-support/voice-samples'

let sim: SimulatorProcess
let t: TestConsole
let cookie: string
let callBody: string

beforeAll(async () => {
  sim = await startSimulatorProcess()
  t = await createTestConsole({ upstream: sim.url, apiKey: ACME_KEY })
  await t.addUser('admin@example.com', 'admin')
  cookie = await t.signIn('admin@example.com')
  const { callerId } = await findSamples(sim)
  callBody = JSON.stringify({ caller_id: callerId, destination: '+15005550006' })
})
afterAll(async () => {
  await t?.store.close()
  await sim?.stop()
})

/** Exactly the headers given (plus Host and the victim's cookie): nothing a same-origin page would add. */
const raw = (path: string, headers: Record<string, string>, body: string) =>
  t.app.request(`http://localhost:4173${path}`, {
    method: 'POST',
    headers: { host: 'localhost:4173', cookie, ...headers },
    body,
  })

const ATTACKS: { name: string; path: string; headers: Record<string, string>; body?: string }[] = [
  {
    name: 'a cross-site form POST',
    path: '/api/v1/voice/calls',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'cross-site',
      origin: 'https://evil.example',
    },
    body: 'caller_id=%2B15005550006&destination=%2B15005550006',
  },
  {
    name: 'a fetch from a foreign Origin that sets the custom header',
    path: '/api/v1/voice/calls',
    headers: { 'content-type': 'application/json', origin: 'https://evil.example', 'x-voice-console': '1' },
  },
  {
    name: 'a fetch from a sibling site',
    path: '/api/v1/voice/calls',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-site', 'x-voice-console': '1' },
  },
  {
    name: 'a same-origin POST without the X-Voice-Console header',
    path: '/api/v1/voice/calls',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', origin: 'http://localhost:4173' },
  },
  {
    name: 'a cross-site caller-ID verification',
    path: '/api/v1/voice/caller-ids',
    headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' },
    body: JSON.stringify({ phone_number: '+14155550199' }),
  },
]

describe('cross-site request forgery', () => {
  for (const attack of ATTACKS) {
    it(`refuses ${attack.name} with 403, and the simulator sees nothing`, async () => {
      const before = await upstreamCounts(sim)
      const res = await raw(attack.path, attack.headers, attack.body ?? callBody)
      const body = await expectProblem(res, 403)
      expect(body.title).toBe('Cross-site request refused')
      expect(await upstreamCounts(sim)).toEqual(before)
    })
  }

  it("lets the console's own page place the same call", async () => {
    const before = await upstreamCounts(sim)
    const res = await raw(
      '/api/v1/voice/calls',
      {
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
        origin: 'http://localhost:4173',
        'x-voice-console': '1',
      },
      callBody,
    )
    expect(res.status, await res.clone().text()).toBe(201)
    expect((await upstreamCounts(sim)).calls).toBe(before.calls + 1)
  })

  it('refuses a cross-site sign-in, so an attacker cannot sign a victim into their own account', async () => {
    const body = JSON.stringify({ email: 'admin@example.com', password: 'correct horse battery' })
    const attempts: Record<string, string>[] = [
      { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      { 'content-type': 'application/json', origin: 'https://evil.example', 'x-voice-console': '1' },
      { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    ]
    for (const headers of attempts) {
      const res = await t.app.request('http://localhost:4173/api/console/sign-in', {
        method: 'POST',
        headers: { host: 'localhost:4173', ...headers },
        body,
      })
      await expectProblem(res, 403)
      expect(res.headers.getSetCookie()).toEqual([])
    }
  })

  it('refuses a cross-site sign-out, which leaves the session alive', async () => {
    await expectProblem(await raw('/api/console/sign-out', { 'sec-fetch-site': 'cross-site' }, ''), 403)
    const res = await t.request('/api/console/session', { cookie })
    expect(await res.json()).toMatchObject({ user: { email: 'admin@example.com' } })
  })
})
