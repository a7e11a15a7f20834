// Issue 51, item 8 and the "by outcome (recorded)" breakdown, on the real store with calls seeded in the index:
// each person's calls, reached rate by the outcomes they recorded, talk minutes from durations, ranked; managers
// and admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BreakdownResponse, PeopleResponse } from '../../../src/api/contract/usage-breakdown-schemas'
import { createTestConsole, expectProblem, type TestConsole } from '../test-support/console-app'
import { indexCalls } from '../test-support/indexed-calls'

let t: TestConsole
const cookies: Record<string, string> = {}
const period = { from: '2026-11-01T00:00:00Z', to: '2026-12-01T00:00:00Z' }

beforeAll(async () => {
  t = await createTestConsole({ apiKey: null })
  const ana = (await t.addUser('ana@example.com', 'support')).id
  const bob = (await t.addUser('bob@example.com', 'support')).id
  await t.addUser('meg@example.com', 'manager')
  for (const name of ['ana', 'bob', 'meg']) cookies[name] = await t.signIn(`${name}@example.com`)
  const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00Z`
  await indexCalls(t.store, [
    { call_id: 'ana_1', created_at: at(2), owner: ana, duration_seconds: 120 },
    { call_id: 'ana_2', created_at: at(3), owner: ana, duration_seconds: 60 },
    { call_id: 'ana_3', created_at: at(4), owner: ana, status: 'DIALER_FAILED', duration_seconds: 0 },
    { call_id: 'ana_4', created_at: at(5), owner: ana, duration_seconds: 30 },
    { call_id: 'bob_1', created_at: at(6), owner: bob, duration_seconds: 600 },
    // Outside the period: not counted.
    { call_id: 'bob_old', created_at: '2026-10-30T10:00:00Z', owner: bob, duration_seconds: 60 },
    // Placed outside the console: nobody's.
    { call_id: 'api_1', created_at: at(7), duration_seconds: 60 },
  ])
  const record = (who: string, call: string, outcome: string) =>
    t.request(`/api/console/calls/${call}/outcome`, { cookie: cookies[who], method: 'PUT', json: { outcome } })
  for (const [who, call, outcome] of [
    ['ana', 'ana_1', 'reached'],
    ['ana', 'ana_2', 'reached'],
    ['ana', 'ana_3', 'no-answer'],
    ['bob', 'bob_1', 'left-voicemail'],
    ['bob', 'bob_old', 'reached'],
  ])
    expect((await record(who as string, call as string, outcome as string)).status).toBe(200)
})
afterAll(() => t.store.close())

const get = (route: string, who: string, query: Record<string, string> = {}) =>
  t.request(`/api/console/usage/${route}?${new URLSearchParams({ ...period, ...query })}`, { cookie: cookies[who] })

describe('the work by person', () => {
  it('counts each person’s calls, reached rate, talk minutes and outcomes, most calls first', async () => {
    const res = await get('people', 'meg')
    expect(res.status).toBe(200)
    const body = (await res.json()) as PeopleResponse
    expect(body.people).toEqual([
      {
        userId: expect.any(String),
        email: 'ana@example.com',
        calls: 4,
        recorded: 3,
        reached: 2,
        reachedRate: 2 / 3,
        talkMinutes: 3.5,
        outcomes: [
          { id: 'reached', label: 'Reached', calls: 2 },
          { id: 'no-answer', label: 'No answer', calls: 1 },
        ],
      },
      {
        userId: expect.any(String),
        email: 'bob@example.com',
        calls: 1,
        recorded: 1,
        reached: 0,
        reachedRate: 0,
        talkMinutes: 10,
        outcomes: [{ id: 'left-voicemail', label: 'Left voicemail', calls: 1 }],
      },
    ])
  })

  it('is for managers and admins only', async () => {
    await expectProblem(await get('people', 'ana'), 403)
    await expectProblem(await get('people', 'meg', { from: 'yesterday' }), 400)
  })
})

describe('the breakdown by outcome (recorded)', () => {
  it('groups the period’s calls by the outcome recorded, the rest as none recorded', async () => {
    const res = await get('breakdown', 'meg', { by: 'recorded_outcome' })
    expect(res.status).toBe(200)
    const body = (await res.json()) as BreakdownResponse
    const calls = Object.fromEntries(body.rows.map((row) => [row.label, [row.value, row.calls]]))
    expect(calls).toEqual({
      Reached: ['reached', 2],
      'No answer': ['no-answer', 1],
      'Left voicemail': ['left-voicemail', 1],
      'No outcome recorded': ['none', 2],
    })
    expect(body.totals.calls).toBe(6)
  })
})
