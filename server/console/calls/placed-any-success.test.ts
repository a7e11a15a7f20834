// The spec gives no success status for placing a call: a service that answers 202 (or 200) instead of
// the simulator's 201 still has the call placed, and the console treats it as placed everywhere.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestConsole, type TestConsole } from '../test-support/console-app'
import { type QuirksUpstream, startQuirksUpstream } from '../test-support/quirks-upstream'

let upstream: QuirksUpstream
let t: TestConsole
let cookie: string

beforeAll(async () => {
  upstream = await startQuirksUpstream()
  t = await createTestConsole({ upstream: upstream.url, liveHub: null })
  await t.addUser('sam@example.com', 'support')
  cookie = await t.signIn('sam@example.com')
})
afterAll(async () => {
  await t?.store.close()
  await upstream?.close()
})

describe.each([202, 200])('a call placed with a %i answer', (createStatus) => {
  it('reaches the person as placed, with who placed it and the call in the index', async () => {
    upstream.set({ createStatus })
    const placed = await t.request('/api/v1/voice/calls', {
      cookie,
      headers: { 'idempotency-key': `quirks-${createStatus}` },
      json: { caller_id: '+14155550100', destination: '+442071838750', metadata: { ticket: `T-${createStatus}` } },
    })
    expect(placed.status).toBe(createStatus)
    const { call_id } = (await placed.json()) as { call_id: string }

    const owners = await t.request(`/api/console/placed-by?call_id=${call_id}`, { cookie })
    expect(await owners.json()).toMatchObject({ placedBy: { [call_id]: { email: 'sam@example.com' } } })
    const indexed = await sql<{
      metadata: string
    }>`select metadata from indexed_calls where call_id = ${call_id}`.execute(t.store.db)
    expect(indexed.rows.map((row) => JSON.parse(row.metadata))).toEqual([{ ticket: `T-${createStatus}` }])
  })
})
