// Per-person fairness: one person's flood is slowed down here, and the others keep working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ConsoleStore } from '../store'
import { createTestConsole, expectProblem, fakeClock, type TestConsole } from '../test-support/console-app'
import { ACME_KEY, type SimulatorProcess, startSimulatorProcess } from '../test-support/simulator-process'
import { openTestStore } from '../test-support/test-store'
import { createUserRateLimiter, LEASE_MS } from './user-rate-limit'

describe('the per-user token bucket, in the store', () => {
  let store: ConsoleStore
  beforeAll(async () => {
    store = await openTestStore()
  })
  afterAll(async () => {
    await store?.close()
  })

  it('allows a burst of a tenth of the minute (at least 10), then refills at the minute rate', async () => {
    const clock = fakeClock()
    const limiter = createUserRateLimiter(store, 'burst', 600, clock.now)
    for (let i = 0; i < 60; i++) expect((await limiter.take('a')).allowed).toBe(true)
    expect(await limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 1 })
    clock.advance(100)
    expect((await limiter.take('a')).allowed).toBe(true)
    expect((await limiter.take('a')).allowed).toBe(false)
  })

  it('lets a burst sent all at once through, as one by one: requests that meet take one lease between them', async () => {
    const limiter = createUserRateLimiter(store, 'at-once', 600, fakeClock().now)
    const answers = await Promise.all(Array.from({ length: 60 }, () => limiter.take('a')))
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(60)
    expect((await limiter.take('a')).allowed).toBe(false)
  })

  it('charges work done after the request, into debt: the person waits until the bucket refills past one', async () => {
    const clock = fakeClock()
    // 60 a minute: a burst of 10, a token a second.
    const limiter = createUserRateLimiter(store, 'charged', 60, clock.now)
    expect((await limiter.take('a')).allowed).toBe(true)
    // The other 9 of the burst and 5 more: 5 s in debt before the next token.
    await limiter.charge('a', 14)
    expect(await limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 6 })
    clock.advance(5_000)
    expect((await limiter.take('a')).allowed).toBe(false)
    clock.advance(1_000)
    expect((await limiter.take('a')).allowed).toBe(true)
    expect((await limiter.take('b')).allowed).toBe(true)
  })

  it('serves a tab polling each second, spread over two instances, with no tokens given back', async () => {
    const clock = fakeClock()
    // As two instances behind a balancer: one store, a limiter each, the person's reads in turns.
    const counted = { take: 0, giveBack: 0 }
    const personRates = {
      ...store.personRates,
      take: (...args: Parameters<ConsoleStore['personRates']['take']>) => {
        counted.take += 1
        return store.personRates.take(...args)
      },
      giveBack: (...args: Parameters<ConsoleStore['personRates']['giveBack']>) => {
        counted.giveBack += 1
        return store.personRates.giveBack(...args)
      },
    }
    // The default: 300 a minute, a burst of 30, leases of 6.
    const instances = [0, 1].map(() => createUserRateLimiter({ personRates }, 'two-instances', 300, clock.now))
    for (let second = 0; second < 120; second++) {
      expect((await instances[second % 2]?.take('a'))?.allowed).toBe(true)
      clock.advance(1_000)
    }
    // Each instance's lease of 6 lasts 12 reads' seconds there, within LEASE_MS: spent, never given back.
    expect(counted.giveBack).toBe(0)
    expect(counted.take).toBeLessThanOrEqual(120 / 6 + 2)
  })

  it('keeps a bucket per person and per limit', async () => {
    const limiter = createUserRateLimiter(store, 'each', 60, fakeClock().now)
    for (let i = 0; i < 10; i++) await limiter.take('a')
    expect((await limiter.take('a')).allowed).toBe(false)
    expect((await limiter.take('b')).allowed).toBe(true)
    expect((await createUserRateLimiter(store, 'other', 60, fakeClock().now).take('a')).allowed).toBe(true)
  })

  it('says how long until the next token, and takes none from a clock that is behind the bucket', async () => {
    const clock = fakeClock()
    // 6 a minute: one token every 10 s.
    const limiter = createUserRateLimiter(store, 'slow', 6, clock.now)
    for (let i = 0; i < 10; i++) await limiter.take('a')
    clock.advance(2_500)
    expect(await limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 8 })
    // Another instance whose clock is a second behind gets no tokens from the difference.
    const behind = createUserRateLimiter(store, 'slow', 6, () => clock.now() - 1_000)
    expect((await behind.take('a')).allowed).toBe(false)
    clock.advance(7_500)
    expect((await limiter.take('a')).allowed).toBe(true)
  })

  it('never lets a person past the shared bucket from two instances, each serving its share from memory', async () => {
    const clock = fakeClock()
    // 600 a minute: a burst of 60, taken a fifth at a time by each instance.
    const one = createUserRateLimiter(store, 'shared', 600, clock.now)
    const two = createUserRateLimiter(store, 'shared', 600, clock.now)
    let allowed = 0
    for (let i = 0; i < 100; i++) if ((await (i % 3 === 0 ? one : two).take('a')).allowed) allowed++
    expect(allowed).toBe(60)
  })

  it('serves from its lease without the store (takeLeased), and only what the lease holds', async () => {
    const clock = fakeClock()
    // 60 a minute: a burst of 10, taken 2 at a time, a token a second.
    const limiter = createUserRateLimiter(store, 'leased', 60, clock.now)
    expect(limiter.takeLeased('a')).toBe(false)
    expect((await limiter.take('a')).allowed).toBe(true)
    expect(limiter.takeLeased('a')).toBe(true)
    expect(limiter.takeLeased('a')).toBe(false)
    expect(limiter.takeLeased('b')).toBe(false)
    // A lease lapses after LEASE_MS: then only the store answers.
    expect((await limiter.take('a')).allowed).toBe(true)
    clock.advance(LEASE_MS)
    expect(limiter.takeLeased('a')).toBe(false)
    // Whichever way they were served, no more than the bucket's 10 (full again after LEASE_MS) and the lapsed
    // lease's unused token, given back.
    let allowed = 0
    for (let i = 0; i < 100; i++) if (limiter.takeLeased('a') || (await limiter.take('a')).allowed) allowed++
    expect(allowed).toBe(11)
  })

  it('gives back the tokens an instance took and did not use once their lease has lapsed', async () => {
    const clock = fakeClock()
    // 6 a minute: a burst of 10, taken 2 at a time, a token every 10 s; the clock stands still unless moved.
    const one = createUserRateLimiter(store, 'lapsing', 6, clock.now)
    const two = createUserRateLimiter(store, 'lapsing', 6, clock.now)
    expect((await one.take('a')).allowed).toBe(true)
    for (let i = 0; i < 8; i++) expect((await two.take('a')).allowed).toBe(true)
    // One token is the first instance's, unused: the second is refused while it holds it.
    expect((await two.take('a')).allowed).toBe(false)
    clock.advance(LEASE_MS)
    // Refilled by one (at most) in that time, and the unused one given back within a second: two to take.
    const policy = { capacity: 10, perMs: 6 / 60_000 }
    await expect
      .poll(async () => (await store.personRates.take('lapsing:a', clock.now(), policy, 2)).taken, { timeout: 10_000 })
      .toBe(true)
  })
})

let sim: SimulatorProcess
let t: TestConsole
const clock = fakeClock()

beforeAll(async () => {
  sim = await startSimulatorProcess()
  // 60 a minute: a burst of 10, then one a second; the clock stands still unless moved.
  t = await createTestConsole({ upstream: sim.url, apiKey: ACME_KEY, userRateLimitPerMinute: 60, now: clock.now })
  await t.addUser('flood@example.com', 'support')
  await t.addUser('calm@example.com', 'support')
})
afterAll(async () => {
  await t?.store.close()
  await sim?.stop()
})

describe('one person flooding the console, in front of the real simulator', () => {
  it("gets 429 with Retry-After while another person's requests still pass", async () => {
    const flood = await t.signIn('flood@example.com')
    const calm = await t.signIn('calm@example.com')
    const statuses: number[] = []
    for (let i = 0; i < 15; i++) statuses.push((await t.request('/api/v1/voice/account', { cookie: flood })).status)
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200))
    expect(statuses.slice(10)).toEqual(Array(5).fill(429))

    const limited = await t.request('/api/v1/voice/calls', { cookie: flood })
    expect(limited.headers.get('retry-after')).toBe('1')
    const body = await expectProblem(limited, 429)
    expect(body.detail).toMatch(/Wait 1 s/)

    for (let i = 0; i < 5; i++) expect((await t.request('/api/v1/voice/account', { cookie: calm })).status).toBe(200)

    clock.advance(1000)
    expect((await t.request('/api/v1/voice/account', { cookie: flood })).status).toBe(200)
  })
})
