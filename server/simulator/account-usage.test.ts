// GET /account, /usage and /usage/history: every field, the relations the spec
// observes between them, and usage that follows the calls that complete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { account, listCallsResponse, usageHistory, usagePeriod, usageSummary } from './contract/schemas'
import { ACME_KEY, type ApiClient, api } from './test-support/api'
import { expectTimestamp } from './test-support/assertions'
import { createCall, getStatus, TEST_NUMBERS } from './test-support/calls'
import { FakeClock, startTestSimulator, type TestSimulator } from './test-support/simulator'

const DAY = 24 * 60 * 60_000
let sim: TestSimulator
let acme: ApiClient
const clock = new FakeClock('2026-11-15T12:00:00Z')

beforeAll(async () => {
  sim = await startTestSimulator({ speed: 1, now: clock.now, seedCalls: 400 })
  acme = api(sim, ACME_KEY)
})
afterAll(() => sim?.close())

const getAccount = async () => account.parse((await acme.get('/account')).body)
const getUsage = async () => usageSummary.parse((await acme.get('/usage')).body)
const isMonthStart = (ts: string) => /^\d{4}-\d{2}-01T00:00:00(\.000)?Z$/.test(ts)

interface Figures {
  committed_minutes: number
  actual_minutes_used: number
  remaining_minutes: number
  usage_percent: number
  overage_minutes?: number
}

function expectRelations(u: Figures) {
  expect(u.remaining_minutes).toBe(Math.max(0, u.committed_minutes - u.actual_minutes_used))
  if (u.overage_minutes !== undefined) {
    expect(u.overage_minutes).toBe(Math.max(0, u.actual_minutes_used - u.committed_minutes))
  }
  const percent = u.committed_minutes > 0 ? (u.actual_minutes_used / u.committed_minutes) * 100 : 0
  expect(u.usage_percent).toBeCloseTo(percent, 2)
  // Two decimals at most.
  expect(Math.round(u.usage_percent * 100) / 100).toBe(u.usage_percent)
}

describe('GET /account', () => {
  it('has every field of the spec with its documented values', async () => {
    const res = await acme.get('/account')
    expect(res.status).toBe(200)
    const a = account.parse(res.body)
    expect(Object.keys(res.body as object).sort()).toEqual(Object.keys(account.shape).sort())
    expect(a.client_id).toMatch(/^cli_.+/)
    expect(a.status).toBe('ACTIVE')
    expect(a.payment_method).toBe('ACH')
    for (const ts of [a.contract_start, a.contract_end, a.ramp_up_ends_at, a.current_usage.period_start]) {
      expectTimestamp(ts)
    }
    // The contract started about a year ago and is still running.
    const age = clock.now() - Date.parse(a.contract_start)
    expect(age).toBeGreaterThan(300 * DAY)
    expect(age).toBeLessThan(430 * DAY)
    expect(Date.parse(a.contract_end)).toBeGreaterThan(clock.now())
    expect(Date.parse(a.ramp_up_ends_at)).toBeGreaterThan(Date.parse(a.contract_start))
    expect(a.is_in_ramp_up).toBe(clock.now() < Date.parse(a.ramp_up_ends_at))
    expect(a.committed_minutes).toBeGreaterThan(0)
    expect(Object.keys(a.tier).sort()).toEqual(['max_minutes', 'name', 'rate_per_minute_dc'])
    expect(a.tier.name.length).toBeGreaterThan(0)
    expect(a.tier.max_minutes).toBeGreaterThan(0)
    expect(a.current_usage.period_start).toBe('2026-11-01T00:00:00Z')
    expectRelations({ ...a.current_usage, committed_minutes: a.committed_minutes })
  })

  it('agrees with /usage on the current period', async () => {
    const [a, u] = [await getAccount(), await getUsage()]
    expect(a.current_usage).toEqual({
      period_start: u.period_start,
      actual_minutes_used: u.actual_minutes_used,
      remaining_minutes: u.remaining_minutes,
      usage_percent: u.usage_percent,
    })
    expect(a.committed_minutes).toBe(u.committed_minutes)
  })

  it('reports is_in_ramp_up from the clock', async () => {
    const rampUpEnds = Date.parse((await getAccount()).ramp_up_ends_at)
    const saved = clock.now()
    try {
      clock.advance(rampUpEnds - DAY - saved)
      expect((await getAccount()).is_in_ramp_up).toBe(true)
      clock.advance(2 * DAY)
      expect((await getAccount()).is_in_ramp_up).toBe(false)
    } finally {
      clock.advance(saved - clock.now())
    }
  })
})

describe('GET /usage', () => {
  it('covers the current UTC calendar month with consistent figures', async () => {
    const res = await acme.get('/usage')
    expect(res.status).toBe(200)
    const u = usageSummary.parse(res.body)
    expect(Object.keys(res.body as object).sort()).toEqual(Object.keys(usageSummary.shape).sort())
    expect(u.period_start).toBe('2026-11-01T00:00:00Z')
    expect(u.period_end).toBe('2026-12-01T00:00:00Z')
    expect(u.actual_minutes_used).toBeGreaterThan(0)
    expectRelations(u)
  })

  it('grows by the billed minutes of a call once it completes, not while it rings', async () => {
    const before = await getUsage()
    const created = await createCall(acme, { destination: TEST_NUMBERS.completes })
    clock.advance(3_000)
    expect((await getStatus(acme, created.call_id)).status).toBe('DIALER_RINGING')
    expect((await getUsage()).actual_minutes_used).toBe(before.actual_minutes_used)
    clock.advance(30 * 60_000)
    const detail = (await acme.get(`/calls/${created.call_id}`)).body as { billed_minutes: number }
    expect(detail.billed_minutes).toBeGreaterThan(0)
    const after = await getUsage()
    expect(after.actual_minutes_used).toBe(before.actual_minutes_used + detail.billed_minutes)
    expectRelations(after)
    expect((await getAccount()).current_usage.actual_minutes_used).toBe(after.actual_minutes_used)
  })

  it('does not grow for a failed call', async () => {
    const before = await getUsage()
    await createCall(acme, { destination: TEST_NUMBERS.noAnswer })
    clock.advance(30 * 60_000)
    expect((await getUsage()).actual_minutes_used).toBe(before.actual_minutes_used)
  })
})

describe('GET /usage/history', () => {
  it('returns 12 periods newest first by default: the current one active, the others completed', async () => {
    const res = await acme.get('/usage/history')
    expect(res.status).toBe(200)
    const h = usageHistory.parse(res.body)
    expect(h.periods).toHaveLength(12)
    const u = await getUsage()
    expect(h.periods[0]).toMatchObject({
      period_start: u.period_start,
      period_end: u.period_end,
      status: 'DIALER_ACTIVE',
      actual_minutes_used: u.actual_minutes_used,
      committed_minutes: u.committed_minutes,
    })
    h.periods.forEach((p, i) => {
      expect(Object.keys(p).sort()).toEqual(Object.keys(usagePeriod.shape).sort())
      expect(isMonthStart(p.period_start) && isMonthStart(p.period_end)).toBe(true)
      if (i > 0) {
        expect(p.status).toBe('DIALER_COMPLETED')
        expect(p.period_end).toBe(h.periods[i - 1]?.period_start)
      }
    })
    // A contract of about a year has at least 12 periods; a 13th means a next page.
    expect(h.next_cursor === null || typeof h.next_cursor === 'string').toBe(true)
  })

  it('pages with cursor and limit: no duplicate, no gap, null cursor at the end', async () => {
    const all = usageHistory.parse((await acme.get('/usage/history', { query: { limit: 100 } })).body)
    expect(all.next_cursor).toBeNull()
    expect(all.periods.length).toBeGreaterThanOrEqual(12)
    const walked = []
    let cursor: string | undefined
    for (let page = 0; page < 50; page++) {
      const res = await acme.get('/usage/history', { query: { limit: 5, cursor } })
      expect(res.status, res.text).toBe(200)
      const h = usageHistory.parse(res.body)
      expect(h.periods.length).toBeLessThanOrEqual(5)
      walked.push(...h.periods)
      if (h.next_cursor === null) break
      expect(h.periods).toHaveLength(5)
      cursor = h.next_cursor
    }
    expect(walked).toEqual(all.periods)
  })

  it('counts in each period the billed minutes of the completed calls created in it', async () => {
    const h = usageHistory.parse((await acme.get('/usage/history', { query: { limit: 3 } })).body)
    expect(h.periods).toHaveLength(3)
    expect(h.next_cursor).not.toBeNull()
    for (const p of h.periods) {
      let billed = 0
      let cursor: string | undefined
      do {
        const query = {
          status: 'DIALER_COMPLETED',
          from_date: p.period_start,
          to_date: p.period_end,
          limit: 100,
          cursor,
        }
        const page = listCallsResponse.parse((await acme.get('/calls', { query })).body)
        for (const c of page.calls) billed += Math.ceil((c.duration_seconds ?? 0) / 60)
        cursor = page.next_cursor ?? undefined
      } while (cursor)
      expect(p.actual_minutes_used, p.period_start).toBe(billed)
    }
    expect(h.periods.some((p) => p.actual_minutes_used > 0)).toBe(true)
  })
})
