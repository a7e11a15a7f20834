// A flood of anonymous refusals adds a bounded number of audit entries, and their counts add up.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestConsole, fakeClock, type TestConsole } from '../test-support/console-app'
import { openTestStore } from '../test-support/test-store'
import { createAuditLog } from './audit-log'
import { createRefusalTally, MAX_KEYS_PER_MINUTE, MAX_ROUTES_PER_PERSON, type RefusalTally } from './refusal-tally'
import { verifyAuditTrail } from './verify'

let clock: ReturnType<typeof fakeClock>
let t: TestConsole
let tally: RefusalTally

beforeEach(async () => {
  clock = fakeClock()
  const store = await openTestStore()
  const audit = createAuditLog(store, clock.now)
  tally = createRefusalTally(audit, clock.now, (error) => {
    throw error
  })
  t = await createTestConsole({ store, audit, refusals: tally, now: clock.now })
})
afterEach(async () => {
  await tally.close()
  await t.store.close()
})

const refusals = () => t.store.audit.page({ action: 'request.cross-site-refused' }, 500)
const crossSite = (cookie?: string) =>
  t.request('/api/console/sign-out', { method: 'POST', headers: { 'sec-fetch-site': 'cross-site' }, cookie })

describe('anonymous refusals in the audit trail', () => {
  it('10,000 from one address add one entry a minute, whose counts sum to 10,000', async () => {
    for (let i = 0; i < 10_000; i++) {
      if (i === 7_500) clock.advance(60_000)
      expect((await crossSite()).status).toBe(403)
    }
    await tally.flush()
    const entries = await refusals()
    expect(entries).toHaveLength(2)
    const counts = entries.map((entry) => JSON.parse(entry.detail ?? '{}').count)
    expect(counts).toEqual([2_500, 7_500])
    expect(entries[1]).toMatchObject({ actor_user_id: null, ip: 'unknown', target: 'POST /api/console/sign-out' })
    expect((await verifyAuditTrail(t.store)).ok).toBe(true)
  }, 180_000)

  it('folds addresses past the cap into one "other addresses" entry', async () => {
    for (let n = 0; n < MAX_KEYS_PER_MINUTE + 50; n++)
      for (let i = 0; i < 2; i++)
        await t.request('/api/console/sign-out', {
          method: 'POST',
          headers: { 'sec-fetch-site': 'cross-site' },
          from: `10.0.${Math.floor(n / 250)}.${n % 250}`,
        })
    await tally.flush()
    const entries = await refusals()
    expect(entries).toHaveLength(MAX_KEYS_PER_MINUTE + 1)
    const other = entries.find((entry) => entry.ip === null)
    expect(JSON.parse(other?.detail ?? '{}')).toMatchObject({ count: 100, folded: 'other addresses' })
    const total = entries.reduce((sum, entry) => sum + JSON.parse(entry.detail ?? '{}').count, 0)
    expect(total).toBe((MAX_KEYS_PER_MINUTE + 50) * 2)
  })
})

describe("a signed-in person's refusals in the audit trail", () => {
  const REQUESTS = 1_000
  const forbidden = () => t.store.audit.page({ action: 'request.forbidden' }, 500)
  const detailOf = (entry: { detail: string | null }) => JSON.parse(entry.detail ?? '{}')

  it('writes the first of a minute at once, and the rest of it as one entry with their count', async () => {
    await t.addUser('ana@example.com', 'support')
    const cookie = await t.signIn('ana@example.com')
    for (let i = 0; i < 3; i++) expect((await crossSite(cookie)).status).toBe(403)
    const atOnce = await refusals()
    expect(atOnce).toHaveLength(1)
    expect(atOnce[0]).toMatchObject({ actor_email: 'ana@example.com', target: 'POST /api/console/sign-out' })
    await tally.flush()
    const [repeats] = await refusals()
    expect(repeats).toMatchObject({
      actor_email: 'ana@example.com',
      target: 'POST /api/console/sign-out',
      outcome: 403,
    })
    expect(detailOf(repeats ?? { detail: null })).toEqual({ repeated: 2, minute: '2026-11-15T12:00:00.000Z' })
  })

  it('1,000 GETs of a forbidden route add four entries whose counts sum to 1,000, past the pace answered 429', async () => {
    // The console's own pace at 60 a minute (bursts of 10), on its shared bucket. A thousand requests, each a round
    // trip to the store, show the folding (5,000 took past 2 minutes on PostgreSQL beside CI's other work).
    await t.store.close()
    const store = await openTestStore()
    const audit = createAuditLog(store, clock.now)
    await tally.close()
    tally = createRefusalTally(audit, clock.now, (error) => {
      throw error
    })
    t = await createTestConsole({ store, audit, refusals: tally, now: clock.now, queryRateLimitPerMinute: 60 })
    await t.addUser('sam@example.com', 'support')
    const cookie = await t.signIn('sam@example.com')
    const statuses = new Map<number, number>()
    for (let i = 0; i < REQUESTS; i++) {
      const res = await t.request('/api/console/users', { cookie })
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
      if (res.status === 429) expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
    }
    expect(statuses.get(403)).toBeLessThanOrEqual(10)
    expect((statuses.get(403) ?? 0) + (statuses.get(429) ?? 0)).toBe(REQUESTS)
    expect((await forbidden()).map((entry) => entry.outcome).sort()).toEqual([403, 429])
    await tally.flush()
    const entries = await forbidden()
    expect(entries).toHaveLength(4)
    expect(new Set(entries.map((entry) => `${entry.actor_email} ${entry.target}`))).toEqual(
      new Set(['sam@example.com GET /api/console/users/*']),
    )
    const total = entries.reduce((sum, entry) => sum + (detailOf(entry).repeated ?? 1), 0)
    expect(total).toBe(REQUESTS)
    expect((await verifyAuditTrail(t.store)).ok).toBe(true)
  }, 120_000)

  it('folds a person\'s routes past the cap into one "other routes" key, whatever paths they make up', async () => {
    const actor = { userId: 'usr_sam', email: 'sam@example.com', role: 'support' as const }
    for (let n = 0; n < MAX_ROUTES_PER_PERSON + 5; n++)
      for (let i = 0; i < 2; i++)
        await tally.notePerson({ actor, action: 'request.forbidden', target: `GET /made-up/${n}`, outcome: 403 })
    await tally.flush()
    const entries = await forbidden()
    const other = entries.filter((entry) => entry.target === 'other routes')
    expect(new Set(entries.map((entry) => entry.target)).size).toBe(MAX_ROUTES_PER_PERSON + 1)
    // The folded key: its first written at once, then its 9 repeats (5 routes, 2 each, less the first).
    expect(other.map((entry) => detailOf(entry).repeated ?? 1).sort()).toEqual([1, 9])
    expect(entries.reduce((sum, entry) => sum + (detailOf(entry).repeated ?? 1), 0)).toBe(
      (MAX_ROUTES_PER_PERSON + 5) * 2,
    )
  })
})
