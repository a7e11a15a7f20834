// A placement to a listed number, through two console instances on one store in front of the real simulator:
// refused with a 403 problem+json naming when, by whom and why the number was listed, audited, and nothing reaches
// the service (its call count does not move); a number listed through one instance is refused by the other at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DO_NOT_CALL } from '../../../src/api/contract/do-not-call-schemas'
import { openStore } from '../store'
import { createTestConsole, expectProblem, fakeClock, type TestConsole } from '../test-support/console-app'
import {
  ACME_KEY,
  type SimulatorProcess,
  startSimulatorProcess,
  upstreamCounts,
} from '../test-support/simulator-process'
import { testStoreLocation } from '../test-support/test-store'
import { findSamples, type Samples } from '../test-support/voice-samples'

const clock = fakeClock(Date.parse('2026-12-06T09:30:00Z'))
const LISTED = '+14155550123'
let sim: SimulatorProcess
let samples: Samples
let first: TestConsole
let second: TestConsole
const sam = { first: '', second: '' }
let ana: string

beforeAll(async () => {
  sim = await startSimulatorProcess()
  samples = await findSamples(sim)
  // Two instances, each with its own connection to one database, as two processes behind a balancer would be.
  const location = await testStoreLocation({ file: true })
  first = await createTestConsole({
    store: await openStore(location),
    now: clock.now,
    upstream: sim.url,
    apiKey: ACME_KEY,
    liveHub: null,
  })
  second = await createTestConsole({
    store: await openStore(location),
    upstream: sim.url,
    apiKey: ACME_KEY,
    liveHub: null,
  })
  await first.addUser('sam@example.com', 'support')
  sam.first = await first.signIn('sam@example.com')
  sam.second = await second.signIn('sam@example.com')
  await first.addUser('ana@example.com', 'admin')
  ana = await first.signIn('ana@example.com')
}, 60_000)
afterAll(async () => {
  await first?.store.close()
  await second?.store.close()
  await sim?.stop()
})

const place = (t: TestConsole, cookie: string, destination: string, key: string) =>
  t.request('/api/v1/voice/calls', {
    cookie,
    headers: { 'idempotency-key': key },
    json: { caller_id: samples.callerId, destination },
  })

describe('a placement to a number on the do-not-call list', () => {
  it('is refused by either instance the moment the other lists it, and nothing reaches the service', async () => {
    const before = await upstreamCounts(sim)
    expect((await place(second, sam.second, LISTED, 'dnc-before')).status).toBe(201)
    expect((await upstreamCounts(sim)).calls).toBe(before.calls + 1)

    // Listed through the first instance's API, by an admin.
    const listed = await first.request('/api/console/do-not-call', {
      cookie: ana,
      json: { phone_number: LISTED, reason: 'asked on the phone.' },
    })
    expect(listed.status).toBe(201)
    // Written as a person might: the same number, spaced and bracketed.
    for (const [t, cookie, destination] of [
      [second, sam.second, LISTED],
      [first, sam.first, '+1 (415) 555-0123'],
      [first, sam.first, '001 415 555 0123'],
    ] as const) {
      const refused = await place(t, cookie, destination, `dnc-${destination}`)
      const problem = await expectProblem(refused, 403)
      expect(problem).toMatchObject({ type: DO_NOT_CALL, phone_number: LISTED })
      expect(problem.detail).toBe(
        '+1 415 555 0123 was put on the do-not-call list on 2026-12-06 by ana@example.com: asked on the phone. Nothing was called.',
      )
    }
    expect((await upstreamCounts(sim)).calls).toBe(before.calls + 1)

    // Audited with who tried and the number, the first of a minute on each instance at once; no placement was
    // forwarded for them.
    const refusals = () => first.store.audit.page({ action: 'call.do-not-call-refused' }, 10)
    expect(await refusals()).toHaveLength(2)
    expect((await refusals())[0]).toMatchObject({ actor_email: 'sam@example.com', target: LISTED, outcome: 403 })
    const forwarded = await first.store.audit.page({ action: 'call.placement-forwarded' }, 10)
    expect(forwarded).toHaveLength(1)

    // Pressed again and again: one entry more when the minute closes, with the count, not one per press.
    for (let press = 0; press < 5; press++)
      await expectProblem(await place(first, sam.first, LISTED, `dnc-again-${press}`), 403)
    expect(await refusals()).toHaveLength(2)
    clock.advance(60_000)
    await expectProblem(await place(first, sam.first, LISTED, 'dnc-next-minute'), 403)
    const [next, folded] = await refusals()
    expect(folded?.target).toBe(LISTED)
    expect(JSON.parse(String(folded?.detail))).toEqual({ repeated: 6, minute: '2026-12-06T09:30:00.000Z' })
    expect(next?.target).toBe(LISTED)
    expect(JSON.parse(String(next?.detail))).toMatchObject({ idempotencyKey: 'dnc-next-minute' })

    // Another number still goes through.
    expect((await place(first, sam.first, '+14155550124', 'dnc-other')).status).toBe(201)
  })
})
