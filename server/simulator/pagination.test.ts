// GET /calls paging and filters: newest first, keyset cursors that neither skip
// nor repeat while other calls are inserted, and status/from_date/to_date filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CallListItem, listCallsResponse } from './contract/schemas'
import { ACME_KEY, type ApiClient, api, type Query } from './test-support/api'
import { createCall, TEST_NUMBERS, verifiedCallerId } from './test-support/calls'
import { FakeClock, startTestSimulator, type TestSimulator } from './test-support/simulator'

const SEED = 300
let sim: TestSimulator
let acme: ApiClient
const clock = new FakeClock('2026-11-15T12:00:00Z')

beforeAll(async () => {
  sim = await startTestSimulator({ speed: 1, now: clock.now, seedCalls: SEED })
  acme = api(sim, ACME_KEY)
})
afterAll(() => sim?.close())

async function page(query: Query) {
  const res = await acme.get('/calls', { query })
  expect(res.status, res.text).toBe(200)
  return listCallsResponse.parse(res.body)
}

/** Follows next_cursor to the end; checks every page is full except the last. */
async function walk(query: Query, limit: number): Promise<CallListItem[]> {
  const items: CallListItem[] = []
  let cursor: string | undefined
  for (let n = 0; n < 10_000; n++) {
    const p = await page({ ...query, limit, cursor })
    items.push(...p.calls)
    if (p.next_cursor === null) return items
    expect(p.calls).toHaveLength(limit)
    cursor = p.next_cursor
  }
  throw new Error('the list never ended')
}

function expectNewestFirst(items: CallListItem[]): void {
  for (let i = 1; i < items.length; i++) {
    expect(Date.parse(items[i]?.created_at ?? '')).toBeLessThanOrEqual(Date.parse(items[i - 1]?.created_at ?? ''))
  }
}

const ids = (items: CallListItem[]) => items.map((c) => c.call_id)

describe('GET /calls paging', () => {
  it('returns 50 calls by default, newest first, with a cursor to the next page', async () => {
    const p = await page({})
    expect(p.calls).toHaveLength(50)
    expect(p.next_cursor).toEqual(expect.any(String))
    expectNewestFirst(p.calls)
    expect(Date.parse(p.calls[0]?.created_at ?? '')).toBeLessThanOrEqual(clock.now())
  })

  it('walks the whole list in small pages to a null cursor, with the same calls as big pages', async () => {
    const small = await walk({}, 7)
    const big = await walk({}, 100)
    expect(ids(small)).toEqual(ids(big))
    expect(new Set(ids(small)).size).toBe(small.length)
    expect(small.length).toBeGreaterThanOrEqual(SEED * 0.9)
    expectNewestFirst(small)
  })

  it('neither skips nor repeats a call while another client inserts calls', async () => {
    const before = ids(await walk({}, 100))
    const inserted: string[] = []
    let walking = true
    const callerId = await verifiedCallerId(acme)
    const inserter = (async () => {
      while (walking && inserted.length < 200) {
        const c = await createCall(acme, { caller_id: callerId, destination: TEST_NUMBERS.completes })
        inserted.push(c.call_id)
        if (inserted.length % 3 === 0) clock.advance(1_000)
      }
    })()
    const seen = ids(await walk({}, 7)).filter(Boolean)
    walking = false
    await inserter
    expect(inserted.length).toBeGreaterThan(0)
    expect(new Set(seen).size).toBe(seen.length)
    const seenSet = new Set(seen)
    expect(before.filter((id) => !seenSet.has(id))).toEqual([])
    const known = new Set([...before, ...inserted])
    expect(seen.filter((id) => !known.has(id))).toEqual([])
    // Afterwards every inserted call is listed, newest first, ahead of the older ones.
    const after = ids(await walk({}, 100))
    expect(after).toHaveLength(before.length + inserted.length)
    expect(after.slice(inserted.length)).toEqual(before)
  })

  it('a list that ends on a full page still ends: the cursor is null or leads to an empty last page', async () => {
    const total = (await walk({}, 100)).length
    const limit = [100, 50, 25, 20, 10, 5, 4, 3, 2].find((l) => total % l === 0) ?? 1
    expect(await walk({}, limit)).toHaveLength(total)
  })
})

describe('GET /calls filters', () => {
  it('status: each filter returns only calls in that status, in progress ones included', async () => {
    const callerId = await verifiedCallerId(acme)
    const ringing = await createCall(acme, { caller_id: callerId, destination: TEST_NUMBERS.noAnswer })
    clock.advance(2_000)
    const initiated = await createCall(acme, { caller_id: callerId, destination: TEST_NUMBERS.noAnswer })
    const all = await walk({}, 100)
    for (const status of ['DIALER_INITIATED', 'DIALER_RINGING', 'DIALER_COMPLETED', 'DIALER_FAILED']) {
      const filtered = await walk({ status }, 9)
      expect(filtered.every((c) => c.status === status)).toBe(true)
      expect(ids(filtered)).toEqual(ids(all.filter((c) => c.status === status)))
    }
    expect(ids(await walk({ status: 'DIALER_RINGING' }, 100))).toContain(ringing.call_id)
    expect(ids(await walk({ status: 'DIALER_INITIATED' }, 100))).toContain(initiated.call_id)
    clock.advance(60 * 60_000)
    expect(ids(await walk({ status: 'DIALER_FAILED' }, 100))).toEqual(
      expect.arrayContaining([ringing.call_id, initiated.call_id]),
    )
    expect(await walk({ status: 'DIALER_RINGING' }, 100)).toEqual([])
  })

  it('from_date is inclusive and to_date exclusive, as date-times', async () => {
    const all = await walk({}, 100)
    const pivot = all[Math.floor(all.length / 2)]?.created_at ?? ''
    const from = await walk({ from_date: pivot }, 25)
    const to = await walk({ to_date: pivot }, 25)
    expect(ids(from)).toEqual(ids(all.filter((c) => c.created_at >= pivot)))
    expect(ids(to)).toEqual(ids(all.filter((c) => c.created_at < pivot)))
    expect(from.length + to.length).toBe(all.length)
    expect(ids(from)).toContain(all[Math.floor(all.length / 2)]?.call_id)
  })

  it('accepts plain dates and offsets, and combines with status', async () => {
    const all = await walk({}, 100)
    const inWindow = (c: CallListItem) => c.created_at >= '2026-09-01' && c.created_at < '2026-10-01'
    const window = await walk({ from_date: '2026-09-01', to_date: '2026-10-01' }, 30)
    expect(ids(window)).toEqual(ids(all.filter(inWindow)))
    expect(window.length).toBeGreaterThan(0)
    const offset = await walk({ from_date: '2026-09-01T02:00:00+02:00', to_date: '2026-10-01T00:00:00Z' }, 30)
    expect(ids(offset)).toEqual(ids(window))
    const completed = await walk({ from_date: '2026-09-01', to_date: '2026-10-01', status: 'DIALER_COMPLETED' }, 30)
    expect(ids(completed)).toEqual(ids(all.filter((c) => inWindow(c) && c.status === 'DIALER_COMPLETED')))
  })

  it('an empty window is an empty page with a null cursor', async () => {
    expect(await page({ from_date: '2001-01-01', to_date: '2001-02-01' })).toEqual({ calls: [], next_cursor: null })
  })

  it('a cursor keeps working with the filters it was made with', async () => {
    const first = await page({ status: 'DIALER_COMPLETED', limit: 5 })
    const second = await page({ status: 'DIALER_COMPLETED', limit: 5, cursor: first.next_cursor ?? '' })
    expect(second.calls.every((c) => c.status === 'DIALER_COMPLETED')).toBe(true)
    expect(ids(second.calls).some((id) => ids(first.calls).includes(id))).toBe(false)
  })
})
