// The demo's "placed by" against the real simulator: part of the current period's ended seeded calls go to
// the three demo people, the same calls on every run, once per console database.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { demoPlacerOf, recordDemoPlacers } from './demo-placed-by'
import { ensureDemoUsers } from './demo-users'
import type { ConsoleStore } from './store'
import { type SimulatorProcess, simulatorGet, startSimulatorProcess } from './test-support/simulator-process'
import { openTestStore } from './test-support/test-store'

let sim: SimulatorProcess
let store: ConsoleStore

beforeAll(async () => {
  sim = await startSimulatorProcess({ VOICE_SIM_SEED_CALLS: '600' })
  store = await openTestStore()
  await ensureDemoUsers(store)
}, 60_000)
afterAll(async () => {
  await store?.close()
  await sim?.stop()
})

interface Page {
  calls: { call_id: string; status: string; created_at: string }[]
  next_cursor: string | null
}

it('records demo people for a share of the period’s ended calls, once', async () => {
  const { period_start } = await simulatorGet<{ period_start: string }>(sim, '/usage')
  const ended: string[] = []
  let cursor: string | null = null
  do {
    const query = new URLSearchParams({ from_date: period_start, limit: '100', ...(cursor ? { cursor } : {}) })
    const page: Page = await simulatorGet<Page>(sim, `/calls?${query}`)
    for (const call of page.calls)
      if (call.status === 'DIALER_COMPLETED' || call.status === 'DIALER_FAILED') ended.push(call.call_id)
    cursor = page.next_cursor
  } while (cursor)
  const people = await Promise.all(
    ['support@demo.test', 'manager@demo.test', 'admin@demo.test'].map(
      async (email) => (await store.users.byEmail(email))?.id ?? '',
    ),
  )
  const expected = ended.filter((id) => demoPlacerOf(id, people) !== null)

  expect(await recordDemoPlacers(store, { upstream: sim.url, apiKey: sim.key })).toBe(expected.length)
  const owners = await store.callOwners.ownersOf(ended)
  expect(owners.map((row) => row.call_id).sort()).toEqual([...expected].sort())
  for (const row of owners) expect(row.user_id).toBe(demoPlacerOf(row.call_id, people))
  // Around 60% of them, split between the three: every one of them has some once there are enough calls.
  if (ended.length >= 30) {
    expect(new Set(owners.map((row) => row.email)).size).toBe(3)
    expect(expected.length / ended.length).toBeGreaterThan(0.4)
    expect(expected.length / ended.length).toBeLessThan(0.8)
  }
  // A later demo start leaves them be.
  expect(await recordDemoPlacers(store, { upstream: sim.url, apiKey: sim.key })).toBe(0)
})
