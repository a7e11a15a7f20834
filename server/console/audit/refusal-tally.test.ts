// A flood of anonymous refusals adds a bounded number of audit entries, and their counts add up.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestConsole, fakeClock, type TestConsole } from '../test-support/console-app'
import { openTestStore } from '../test-support/test-store'
import { createAuditLog } from './audit-log'
import { createRefusalTally, MAX_KEYS_PER_MINUTE, type RefusalTally } from './refusal-tally'
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
  }, 60_000)

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

  it('keeps a signed-in refusal as one entry each, at once', async () => {
    await t.addUser('ana@example.com', 'support')
    const cookie = await t.signIn('ana@example.com')
    for (let i = 0; i < 3; i++) await crossSite(cookie)
    const entries = await refusals()
    expect(entries).toHaveLength(3)
    expect(entries[0]).toMatchObject({ actor_email: 'ana@example.com', target: 'POST /api/console/sign-out' })
  })
})
