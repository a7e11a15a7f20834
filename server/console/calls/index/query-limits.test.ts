// The console's heavy queries over a store in a file, so they run in the store's worker threads: a person's
// heavy search leaves another's requests answered; a query past its budget answers 503 and the pool goes on;
// a person's third export at once, or requests past their pace, answer 429; a control character answers 400.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryLimitProblem } from '../../http/query-problems'
import { type ConsoleStore, openStore } from '../../store'
import { QueriesQueueFull } from '../../store/query-limits'
import { createTestConsole, expectProblem, fakeClock, type TestConsole } from '../../test-support/console-app'
import { nextTurn } from '../../test-support/next-turn'

// 500,000: at 200,000 a quiet machine sometimes counted them within the 20 ms budget below, so the export
// started streaming and its page query was stopped mid-body instead of refusing with a 503 first.
const CALLS = 500_000
// No call lasts a day: each of the CALLS rows is read, twice (the page, then the count), and none matches.
const HEAVY_SEARCH = '/api/console/calls/search?min_duration=86400'
// The calls of a year no call is in: an export that stays open, unread, at no cost.
const EMPTY_EXPORT = '/api/console/calls/export.csv?from_date=2030-01-01T00:00:00Z'

let dir: string
let path: string
let t: TestConsole
const cookies = { a: '', b: '' }
const stores: ConsoleStore[] = []

/** CALLS listed calls in one statement: what the page and the count then read row by row. */
async function fill(store: ConsoleStore) {
  await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${CALLS})
    insert into indexed_calls (call_id, status, caller_id, destination, caller_digits, destination_digits,
      duration_seconds, created_at, needs_details)
    select 'call_bulk_' || i, 'DIALER_COMPLETED', '+14155550100', '+1415555' || printf('%04d', i % 10000),
      '14155550100', '1415555' || printf('%04d', i % 10000), i % 300, ${Date.parse('2026-01-01T00:00:00Z')} + i * 1000, 0
    from n`.execute(store.db)
}

async function consoleOver(limits: { budgetMs: number }, overrides = {}) {
  const store = await openStore(path, { workers: 2, maxQueued: 8, ...limits })
  stores.push(store)
  const console = await createTestConsole({ store, apiKey: null, ...overrides })
  return console
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'console-query-limits-'))
  path = join(dir, 'console.sqlite')
  t = await consoleOver({ budgetMs: 30_000 })
  await t.addUser('a@example.com', 'support')
  await t.addUser('b@example.com', 'support')
  cookies.a = await t.signIn('a@example.com')
  cookies.b = await t.signIn('b@example.com')
  await fill(t.store)
  // Half a million rows: a minute was not enough on a machine loaded by other work (CI at load 30).
}, 180_000)
afterAll(async () => {
  for (const store of stores) await store.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('heavy queries off the event loop', () => {
  it('answers B, request after request, while A’s heavy search runs in a worker', async () => {
    const started = performance.now()
    let heavyMs = 0
    let settled = false
    const heavy = Promise.resolve(t.request(HEAVY_SEARCH, { cookie: cookies.a })).finally(() => {
      heavyMs = performance.now() - started
      settled = true
    })
    let answeredToB = 0
    while (!settled) {
      const res = await t.request('/api/console/session', { cookie: cookies.b })
      expect(res.status).toBe(200)
      answeredToB += 1
      await nextTurn()
    }
    const res = await heavy
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ calls: [], total: 0 })
    // Run on the event loop, its two statements would leave B a turn or two; in a worker, B goes on.
    expect(answeredToB, `B was answered ${answeredToB} times in A's ${heavyMs.toFixed(0)} ms`).toBeGreaterThan(10)
  })

  it('stops a query past its budget: 503 problem+json with Retry-After and what to do; the readers go on', async () => {
    const tight = await consoleOver({ budgetMs: 20 })
    const cookie = await tight.signIn('a@example.com')
    const problem = await expectProblem(await tight.request(HEAVY_SEARCH, { cookie }), 503)
    expect(problem.detail).toBe('This search took longer than 0.02 s; narrow it with a date range or more filters.')
    // The export's count is as heavy: refused the same way, and each refusal ends the export (no 429 after two).
    for (let round = 0; round < 3; round++) {
      const res = await tight.request('/api/console/calls/export.csv?min_duration=86400', { cookie })
      // Read, whatever it is: an export left open would count against the person on every console of the file.
      const body = await res.clone().text()
      expect(res.headers.get('retry-after'), `${res.status} ${body.slice(0, 200)}`).toBe('1')
      await expectProblem(res, 503)
    }
    // The stopped workers were replaced: a search an index answers still runs. Within 20 ms it does on a quiet
    // machine; on a loaded one (a full run on two cores) some tries miss the budget too, so it gets several, paced.
    let status = 0
    for (let attempt = 0; attempt < 40 && status !== 200; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100))
      status = (await tight.request('/api/console/calls/search?caller_id=%2B19995550100', { cookie })).status
    }
    expect(status).toBe(200)
  })

  it('charges a search stopped at its budget to its person’s pace, beyond the request’s own token', async () => {
    const clock = fakeClock()
    // 60 a minute: a burst of 10. A budget of 20 ms costs ceil(0.02 s × 2) = 1 token more.
    const tight = await consoleOver({ budgetMs: 20 }, { queryRateLimitPerMinute: 60, now: clock.now })
    // A person of this test's own: the pace's buckets live in the file every console here shares.
    await tight.addUser('charged@example.com', 'support')
    const cookie = await tight.signIn('charged@example.com')
    await expectProblem(await tight.request(HEAVY_SEARCH, { cookie }), 503)
    let answered = 0
    for (let status = 200; status === 200; answered += status === 200 ? 1 : 0)
      status = (await tight.request('/api/console/views', { cookie })).status
    // 10, less the search's token and the 1 it was charged.
    expect(answered).toBe(8)
  })

  it('refuses at once what would wait past the queue’s bound (503 with Retry-After), rather than hold it', async () => {
    const single = await openStore(path, { workers: 1, budgetMs: 30_000, maxQueued: 1 })
    stores.push(single)
    const heavy = { numbers: [], texts: [], minDuration: 86_400 }
    // Its reader is ready: one query runs, one waits, the rest are refused.
    await single.callSearch.lastRow()
    const answers = await Promise.allSettled(Array.from({ length: 4 }, () => single.callSearch.count(heavy)))
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected'])
    const [refusal] = answers.flatMap((answer) => (answer.status === 'rejected' ? [answer.reason] : []))
    expect(refusal).toBeInstanceOf(QueriesQueueFull)
    const res = queryLimitProblem(refusal)
    expect(res?.headers.get('retry-after')).toBe('5')
    expect((await expectProblem(res ?? new Response(), 503)).detail).toMatch(/busy with many searches and exports/)
  })
})

describe('per-person caps', () => {
  it('holds a third export of a person until one of the two streaming ends, while another person’s export runs', async () => {
    const first = await t.request(EMPTY_EXPORT, { cookie: cookies.a })
    const second = await t.request(EMPTY_EXPORT, { cookie: cookies.a })
    expect([first.status, second.status]).toEqual([200, 200])
    // Asked while both stream: it waits for a slot (how many may wait: http/person-slots.test.ts).
    const third = t.request(EMPTY_EXPORT, { cookie: cookies.a })
    const others = await t.request(EMPTY_EXPORT, { cookie: cookies.b })
    expect(others.status).toBe(200)
    expect(await others.text()).toMatch(/^"Call ID"/)
    // An export read to its end, or cancelled, is no longer under way: the waiting one begins, and ends complete.
    expect(await first.text()).toMatch(/^"Call ID"/)
    await second.body?.cancel()
    const waited = await third
    expect(waited.status).toBe(200)
    expect(await waited.text()).toMatch(/^"Call ID"/)
    const again = [
      await t.request(EMPTY_EXPORT, { cookie: cookies.a }),
      await t.request(EMPTY_EXPORT, { cookie: cookies.a }),
    ]
    expect(again.map((res) => res.status)).toEqual([200, 200])
    for (const res of again) await res.body?.cancel()
  })

  it('paces each person’s searches, exports, audit, views and placed-by: 429 with Retry-After, others unaffected', async () => {
    // A clock held still: on a slow machine a token a second would come back between the requests counted here.
    const paced = await createTestConsole({ apiKey: null, queryRateLimitPerMinute: 60, now: fakeClock().now })
    await paced.addUser('a@example.com', 'admin')
    await paced.addUser('b@example.com', 'support')
    const a = await paced.signIn('a@example.com')
    const b = await paced.signIn('b@example.com')
    const paths = ['/calls/search', '/views', '/audit', '/calls/placers', '/placed-by?call_id=call_1']
    // 60 a minute comes in bursts of 10.
    for (let i = 0; i < 10; i++)
      expect((await paced.request(`/api/console${paths[i % paths.length]}`, { cookie: a })).status).toBe(200)
    for (const path of [...paths, '/calls/export.csv', '/audit/export.csv']) {
      const res = await paced.request(`/api/console${path}`, { cookie: a })
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
      const problem = await expectProblem(res, 429)
      expect(problem.detail).toMatch(/faster than the console allows for one person\. Wait \d+ s/)
    }
    expect((await paced.request('/api/console/calls/search', { cookie: b })).status).toBe(200)
    // Sign-in state is no heavy query: never paced here.
    expect((await paced.request('/api/console/session', { cookie: a })).status).toBe(200)
    await paced.store.close()
  })
})

describe('control characters', () => {
  it.each([
    ['/api/console/calls/search?q=abc%00def', 'q'],
    ['/api/console/calls/export.csv?q=abc%00def', 'q'],
    ['/api/console/calls/search?q=%C2%85', 'q'],
    ['/api/console/calls/search?placed_by=user%01', 'placed_by'],
    ['/api/console/calls/export.csv?placed_by=%1B%5B31m', 'placed_by'],
    ['/api/console/calls/search?cursor=%00', 'cursor'],
  ])('refuses %s with 400 naming %s, never 500', async (path, field) => {
    const problem = (await expectProblem(await t.request(path, { cookie: cookies.a }), 400)) as unknown as {
      detail: string
      errors: { field: string }[]
    }
    expect(problem.errors.map((error) => error.field)).toContain(field)
    expect(problem.detail).toBe(
      `“${field}” holds a control character (such as NUL) or a broken character; remove it and try again.`,
    )
  })

  it('refuses them in the audit’s filters and in a saved view’s name and search, and lone surrogates too', async () => {
    await t.addUser('admin@example.com', 'admin')
    const admin = await t.signIn('admin@example.com')
    for (const path of ['/api/console/audit?user=%00', '/api/console/audit/export.csv?user=a%7Fb'])
      await expectProblem(await t.request(path, { cookie: admin }), 400)
    for (const view of [
      { name: 'late\u0000payers', search: 'q=late', shared: false, pinned: false },
      { name: 'broken \ud800 half', search: '', shared: false, pinned: false },
      { name: 'ok', search: 'q=\u0007', shared: false, pinned: false },
    ]) {
      const problem = await expectProblem(await t.request('/api/console/views', { json: view, cookie: cookies.a }), 400)
      expect(problem.detail).toMatch(/^“(name|search)” holds a control character/)
    }
    // A tab, and a character outside the basic plane, are text.
    const fine = { name: 'tab\there 📞', search: 'q=ok', shared: false, pinned: false }
    expect((await t.request('/api/console/views', { json: fine, cookie: cookies.a })).status).toBe(201)
  })
})
