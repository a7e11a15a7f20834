// Two console apps on one store (one SQLite file, or one PostgreSQL database), as two instances behind a load
// balancer: a person's request pace, exports at once and sign-in check are counted across both, whichever
// instance answers. Also the cost of the shared pace per request (a statement a fifth of a burst), on this run's store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CALL_INDEX_PATHS } from '../../../src/api/contract/call-index-schemas'
import { CONSOLE_PREFIX } from '../../../src/api/contract/console-schemas'
import { createUserRateLimiter } from '../http/user-rate-limit'
import { type ConsoleStore, openStore } from '../store'
import { createTestConsole, expectProblem, fakeClock, type TestConsole } from '../test-support/console-app'
import { indexListedCalls } from '../test-support/indexed-calls'
import { ACME_KEY, type SimulatorProcess, startSimulatorProcess } from '../test-support/simulator-process'
import { testStoreLocation } from '../test-support/test-store'

let sim: SimulatorProcess
let stores: ConsoleStore[] = []
let one: TestConsole
let two: TestConsole
let cookie = ''
let userId = ''
const clock = fakeClock()

beforeAll(async () => {
  sim = await startSimulatorProcess()
  const location = await testStoreLocation({ file: true })
  stores = [
    await openStore(location, undefined, { connections: 4 }),
    await openStore(location, undefined, { connections: 4 }),
  ]
  // 60 a minute each: bursts of 10, then one a second; the clock stands still unless moved.
  const settings = {
    upstream: sim.url,
    apiKey: ACME_KEY,
    userRateLimitPerMinute: 60,
    queryRateLimitPerMinute: 60,
    exportsPerPerson: 1,
    now: clock.now,
  }
  one = await createTestConsole({ ...settings, store: stores[0] })
  two = await createTestConsole({ ...settings, store: stores[1] })
  userId = (await one.addUser('busy@example.com', 'support')).id
  cookie = await one.signIn('busy@example.com')
  await indexListedCalls(one.store, 3_000)
}, 60_000)
afterAll(async () => {
  for (const store of stores) await store.close()
  await sim?.stop()
})

const byTurns = (i: number) => (i % 2 === 0 ? one : two)

describe('a person on two instances', () => {
  // Each instance serves a person's tokens a fifth of the burst at a time (http/user-rate-limit.ts): a burst's
  // last token may be the other instance's, so which request of the burst is refused first may move by one.
  const allowedOf = (statuses: number[]) => statuses.filter((status) => status === 200).length

  it('is paced across both: 10 requests of a burst pass and the rest are refused 429, whichever instance answers', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 14; i++) statuses.push((await byTurns(i).request('/api/v1/voice/account', { cookie })).status)
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(200))
    expect(allowedOf(statuses)).toBe(10)
    expect(statuses.slice(11)).toEqual(Array(3).fill(429))
    for (const instance of [one, two]) {
      const refused = await instance.request('/api/v1/voice/calls', { cookie })
      expect(refused.headers.get('retry-after')).toBe('1')
      expect((await expectProblem(refused, 429)).detail).toMatch(/faster than the console allows for one person/)
    }
    clock.advance(1_000)
    expect((await two.request('/api/v1/voice/account', { cookie })).status).toBe(200)
    expect((await one.request('/api/v1/voice/account', { cookie })).status).toBe(429)
  })

  it("is paced across both on the console's own searches, apart from the voice API's pace", async () => {
    const search = `${CONSOLE_PREFIX}${CALL_INDEX_PATHS.search}`
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) statuses.push((await byTurns(i).request(search, { cookie })).status)
    expect(allowedOf(statuses)).toBe(10)
    expect(statuses.at(-1)).toBe(429)
    const body = await expectProblem(await one.request(search, { cookie }), 429)
    expect(body.detail).toMatch(/searching, exporting or listing faster/)
    clock.advance(60_000)
  })

  it('has one export at a time across both, and an export of an instance that died lapses', async () => {
    const exportPath = `${CONSOLE_PREFIX}${CALL_INDEX_PATHS.export}`
    const headers = { 'sec-fetch-site': 'same-origin' }
    // Under way on the first instance: its stream is open, not yet read.
    const running = await one.request(exportPath, { cookie, headers })
    expect(running.status).toBe(200)
    // Cancelled: the slot is free at once, on the other instance too.
    await running.body?.cancel()
    const next = await two.request(exportPath, { cookie, headers })
    expect(next.status).toBe(200)
    expect((await next.text()).split('\n').length).toBeGreaterThan(3_000)

    // An instance that died mid-export stops renewing its claim: it holds the slot until it lapses, then not. An
    // export asked for meanwhile waits on the other instance (the store asked again each second) and then begins.
    expect(await one.store.personClaims.claim(`export:${userId}:0`, 'a-dead-instance', clock.now(), 30_000)).toBe(true)
    const behindTheDead = Promise.resolve(two.request(exportPath, { cookie, headers }))
    // Held while the claim has not lapsed: asked again each second, it still finds the slot taken.
    const stillWaiting = await Promise.race([
      behindTheDead.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 1_500)),
    ])
    expect(stillWaiting).toBe(true)
    clock.advance(30_000)
    const after = await behindTheDead
    expect(after.status).toBe(200)
    await after.body?.cancel()
  }, 30_000)

  it("waits for a password check under way on the other instance before checking another of the account's", async () => {
    await one.addUser('checked@example.com', 'support')
    // The first instance checking a password of the account, as its claim in the store says.
    const key = 'checking:account:checked@example.com'
    expect(await one.store.personClaims.claim(key, 'a-check-on-one', clock.now(), 10_000)).toBe(true)
    const refused = await two.request('/api/console/sign-in', {
      json: { email: 'checked@example.com', password: 'correct horse battery' },
    })
    expect((await expectProblem(refused, 429)).title).toBe('Sign-in under way')
    await one.store.personClaims.release('a-check-on-one')
    expect(await two.signIn('checked@example.com')).toMatch(/=/)
  })
})

it('adds a statement a fifth of a burst: its time a request on this store, as figures', async () => {
  const limiter = createUserRateLimiter(stores[0] as ConsoleStore, 'timing', 1_000_000, Date.now)
  const rounds = 500
  const started = performance.now()
  for (let i = 0; i < rounds; i++) await limiter.take(`person-${i % 50}`)
  const each = (performance.now() - started) / rounds
  // Two instances at once on the same people: every take still lands (no lost update, no error).
  const other = createUserRateLimiter(stores[1] as ConsoleStore, 'timing', 1_000_000, Date.now)
  const both = await Promise.all(
    Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? limiter : other).take(`person-${i % 5}`)),
  )
  expect(both.every((decision) => decision.allowed)).toBe(true)
  console.info(
    `person rate take on ${stores[0]?.adapter.kind}: ${(each * 1000).toFixed(0)} µs a request (mean of ${rounds})`,
  )
  expect(each).toBeGreaterThan(0)
})
