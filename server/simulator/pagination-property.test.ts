// Property: for any page size and any combination of filters, following
// next_cursor yields exactly the full list filtered on the client, in order.
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { CALL_STATUSES, type CallListItem, listCallsResponse } from './contract/schemas'
import { ACME_KEY, type ApiClient, api, type Query } from './test-support/api'
import { createCall, TEST_NUMBERS } from './test-support/calls'
import { FakeClock, startTestSimulator, type TestSimulator } from './test-support/simulator'

let sim: TestSimulator
let acme: ApiClient
let all: CallListItem[]
const clock = new FakeClock('2026-11-15T12:00:00Z')

async function walk(query: Query): Promise<CallListItem[]> {
  const items: CallListItem[] = []
  let cursor: string | undefined
  for (let n = 0; n < 500; n++) {
    const res = await acme.get('/calls', { query: { ...query, cursor } })
    expect(res.status, res.text).toBe(200)
    const page = listCallsResponse.parse(res.body)
    items.push(...page.calls)
    if (page.next_cursor === null) return items
    cursor = page.next_cursor
  }
  throw new Error('the list never ended')
}

beforeAll(async () => {
  sim = await startTestSimulator({ speed: 1, now: clock.now, seedCalls: 250 })
  acme = api(sim, ACME_KEY)
  // Calls in every status, several in the same second, so ties on created_at are exercised.
  for (const destination of [TEST_NUMBERS.completes, TEST_NUMBERS.noAnswer, TEST_NUMBERS.failsAtOnce]) {
    for (let i = 0; i < 4; i++) await createCall(acme, { destination })
  }
  clock.advance(2_000)
  for (let i = 0; i < 3; i++) await createCall(acme, { destination: TEST_NUMBERS.completes })
  all = await walk({ limit: 100 })
})
afterAll(() => sim?.close())

const day = fc.integer({ min: 0, max: 400 }).map((n) => new Date(clock.now() - n * 86_400_000))
const bound = fc.oneof(
  day.map((d) => d.toISOString().slice(0, 10)),
  day.map((d) => d.toISOString()),
  // The exact created_at of a listed call, to probe inclusive and exclusive edges.
  fc.nat().map((n) => all[n % all.length]?.created_at ?? ''),
)

it('any limit, status, from_date and to_date: the walk equals the filtered full list', async () => {
  await fc.assert(
    fc.asyncProperty(
      // Small pages are walked elsewhere; here they would only make the run slow.
      fc.integer({ min: 6, max: 100 }),
      fc.option(fc.constantFrom(...CALL_STATUSES), { nil: undefined }),
      fc.option(bound, { nil: undefined }),
      fc.option(bound, { nil: undefined }),
      async (limit, status, from, to) => {
        const walked = await walk({ limit, status, from_date: from, to_date: to })
        const fromMs = from === undefined ? -Infinity : Date.parse(from.length === 10 ? `${from}T00:00:00Z` : from)
        const toMs = to === undefined ? Infinity : Date.parse(to.length === 10 ? `${to}T00:00:00Z` : to)
        // created_at is cut to whole seconds while the filter sees milliseconds: compare on seconds.
        const expected = all.filter((c) => {
          const at = Date.parse(c.created_at)
          return (
            (status === undefined || c.status === status) && at >= Math.ceil(fromMs / 1000) * 1000 - 999 && at < toMs
          )
        })
        const ids = walked.map((c) => c.call_id)
        expect(new Set(ids).size).toBe(ids.length)
        expect(ids).toEqual(expected.map((c) => c.call_id))
      },
    ),
    { numRuns: 50 },
  )
})
