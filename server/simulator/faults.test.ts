// Rate limit and fault injection from configuration: the dashboard's error
// handling is exercised for real, and a refused request writes nothing.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listCallerIdsResponse, listCallsResponse } from './contract/schemas'
import { ACME_KEY, api, GLOBEX_KEY } from './test-support/api'
import { expectProblem } from './test-support/assertions'
import { verifiedCallerId } from './test-support/calls'
import { FakeClock, startTestSimulator, type TestSimulator } from './test-support/simulator'

let dir: string
const running: TestSimulator[] = []

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'voice-sim-faults-'))
})
afterAll(async () => {
  await Promise.all(running.map((s) => s.close().catch(() => undefined)))
  rmSync(dir, { recursive: true, force: true })
})

async function start(options: Parameters<typeof startTestSimulator>[0]) {
  const sim = await startTestSimulator({ seedCalls: 10, ...options })
  running.push(sim)
  return sim
}

describe('rate limit', () => {
  it('answers 429 problem+json with Retry-After once a key exceeds its budget, per key', async () => {
    const clock = new FakeClock()
    const sim = await start({ rateLimit: 5, now: clock.now })
    const acme = api(sim, ACME_KEY)
    for (let i = 0; i < 5; i++) expect((await acme.get('/account')).status).toBe(200)
    const limited = await acme.get('/account')
    expectProblem(limited, 429)
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(Number.isInteger(retryAfter)).toBe(true)
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    // Another key has its own budget.
    expect((await api(sim, GLOBEX_KEY).get('/account')).status).toBe(200)
    // After waiting as told, the key may call again.
    clock.advance(retryAfter * 1000)
    expect((await acme.get('/account')).status).toBe(200)
  })

  it('is generous by default: the dashboard polling a few calls every second never hits it', async () => {
    const sim = await start({})
    const acme = api(sim, ACME_KEY)
    const answers = await Promise.all(Array.from({ length: 120 }, () => acme.get('/usage')))
    expect(answers.every((a) => a.status === 200)).toBe(true)
  })
})

describe('fault injection', () => {
  it('error rate 1.0 answers 503 problem+json on every operation and writes nothing', async () => {
    const db = join(dir, 'faults.sqlite')
    const healthy = await start({ db })
    const callerId = await verifiedCallerId(api(healthy))
    const callsBefore = (await api(healthy).get('/calls', { query: { limit: 100 } })).body
    await healthy.close()
    running.splice(running.indexOf(healthy), 1)

    const faulty = await start({ db, faultErrorRate: 1 })
    const acme = api(faulty)
    const call = await acme.post(
      '/calls',
      { caller_id: callerId, destination: '+15005550006' },
      {
        headers: { 'idempotency-key': 'fault-1' },
      },
    )
    expectProblem(call, 503)
    expectProblem(await acme.post('/caller-ids', { phone_number: '+14155550155' }), 503)
    for (const path of ['/calls', '/caller-ids', '/account', '/usage', '/usage/history']) {
      expectProblem(await acme.get(path), 503)
    }
    await faulty.close()
    running.splice(running.indexOf(faulty), 1)

    const after = await start({ db })
    const again = api(after)
    expect((await again.get('/calls', { query: { limit: 100 } })).body).toEqual(callsBefore)
    const ids = listCallerIdsResponse.parse((await again.get('/caller-ids')).body).caller_ids
    expect(ids.map((c) => c.phone_number)).not.toContain('+14155550155')
    // The idempotency key was not stored either: it now creates the call.
    const retry = await again.post(
      '/calls',
      { caller_id: callerId, destination: '+15005550006' },
      {
        headers: { 'idempotency-key': 'fault-1' },
      },
    )
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).not.toBe('true')
    expect(listCallsResponse.parse((await again.get('/calls', { query: { limit: 1 } })).body).calls[0]?.call_id).toBe(
      (retry.body as { call_id: string }).call_id,
    )
  })

  it('added latency delays answers by the configured time', async () => {
    const sim = await start({ faultLatencyMs: { min: 150, max: 200 } })
    const started = performance.now()
    expect((await api(sim).get('/account')).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(140)
  })
})
