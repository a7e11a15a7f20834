// The detail queue's batches against the real simulator: details fetched together are written together, and a
// detail the store refuses (a NUL in a metadata value: PostgreSQL's text cannot hold one) costs only itself.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { eventually } from '../../../shared/test-support/eventually'
import { COMPLETES } from '../../test-support/live-testbed'
import { type SimulatorProcess, simulatorGet, startSimulatorProcess } from '../../test-support/simulator-process'
import { onPostgres, openTestStore } from '../../test-support/test-store'
import { startCallIndexSync } from './call-index-sync'
import { createIndexUpstream } from './index-upstream'

let sim: SimulatorProcess

beforeAll(async () => {
  sim = await startSimulatorProcess({ VOICE_SIM_SEED_CALLS: '0' })
}, 60_000)
afterAll(async () => {
  await sim?.stop()
})

async function placeDirectly(metadata: Record<string, string>): Promise<string> {
  const { caller_ids } = await simulatorGet<{ caller_ids: { phone_number: string }[] }>(sim, '/caller-ids')
  const res = await fetch(`${sim.url}/api/v1/voice/calls`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sim.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ caller_id: caller_ids[0]?.phone_number, destination: COMPLETES, metadata }),
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { call_id: string }).call_id
}

it('writes the details of calls that ended together, and a detail the store refuses loses only itself', async () => {
  const good = ['T-1', 'T-2', 'T-3', 'T-4']
  const goodIds = await Promise.all(good.map((ticket) => placeDirectly({ ticket })))
  const badId = await placeDirectly({ ticket: 'T-\u0000-5' })
  // Every call has ended upstream before the console lists them: their details are due at once, in one batch.
  await eventually(async () => {
    for (const id of [...goodIds, badId])
      expect((await simulatorGet<{ status: string }>(sim, `/calls/${id}`)).status).toBe('DIALER_COMPLETED')
  })

  const store = await openTestStore()
  const sync = startCallIndexSync({
    store,
    upstream: createIndexUpstream({ upstream: sim.url, apiKey: sim.key }),
    rps: 200,
    syncMs: 100,
  })
  try {
    await eventually(async () => expect(await sync.state()).toMatchObject({ indexed: 5, pendingDetails: 0 }))
    const rows = await store.db
      .selectFrom('indexed_calls')
      .select(['call_id', 'metadata', 'needs_details', 'details_at'])
      .where('call_id', 'in', [...goodIds, badId])
      .execute()
    const metadataOf = (id: string) => rows.find((row) => row.call_id === id)?.metadata
    expect(goodIds.map((id) => JSON.parse(metadataOf(id) ?? 'null'))).toEqual(good.map((ticket) => ({ ticket })))
    // PostgreSQL refuses it: it leaves the queue (asked again, it would be refused again). SQLite takes it.
    expect(JSON.parse(metadataOf(badId) ?? 'null')).toEqual(onPostgres() ? null : { ticket: 'T-\u0000-5' })
    expect(rows.every((row) => row.needs_details === 0 && row.details_at !== null)).toBe(true)
  } finally {
    await sync.close()
    await store.close()
  }
}, 60_000)
