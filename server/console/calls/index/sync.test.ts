// The call index against the real simulator (behind a counting proxy): it catches up with calls made
// straight through the API, follows a call in flight to its end, indexes a call placed here at once,
// and a backfill stopped halfway goes on from its cursor after the store is reopened.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CallSearchResponse, IndexState } from '../../../../src/api/contract/call-index-schemas'
import { type ConsoleStore, openStore } from '../../store'
import { createTestConsole } from '../../test-support/console-app'
import { type CountingUpstream, startCountingUpstream } from '../../test-support/counting-upstream'
import { COMPLETES } from '../../test-support/live-testbed'
import { type SimulatorProcess, simulatorGet, startSimulatorProcess } from '../../test-support/simulator-process'
import { openTestStore } from '../../test-support/test-store'
import { type CallIndexSync, startCallIndexSync } from './call-index-sync'
import { createIndexUpstream } from './index-upstream'

let sim: SimulatorProcess
let proxy: CountingUpstream
let callerId: string

beforeAll(async () => {
  sim = await startSimulatorProcess({ VOICE_SIM_SEED_CALLS: '60' })
  proxy = await startCountingUpstream(sim.url)
  const { caller_ids } = await simulatorGet<{ caller_ids: { phone_number: string }[] }>(sim, '/caller-ids')
  callerId = caller_ids[0]?.phone_number ?? ''
}, 60_000)
afterAll(async () => {
  await proxy?.close()
  await sim?.stop()
})

function startSync(
  store: ConsoleStore,
  options: { pageSize?: number; rps?: number; via?: CountingUpstream } = {},
): CallIndexSync {
  return startCallIndexSync({
    store,
    upstream: createIndexUpstream({ upstream: (options.via ?? proxy).url, apiKey: sim.key }),
    rps: options.rps ?? 200,
    syncMs: 100,
    pageSize: options.pageSize,
  })
}

// A bound, not a speed target: fetching 15 to 31 calls' details on PostgreSQL passed 15 s at load 20 in a CI.
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`still not there after ${timeoutMs} ms: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Every call id the account has upstream, from its full list. */
async function upstreamIds(): Promise<string[]> {
  const ids: string[] = []
  let cursor: string | null = null
  do {
    const query: URLSearchParams = new URLSearchParams({ limit: '100', ...(cursor ? { cursor } : {}) })
    const page: { calls: { call_id: string }[]; next_cursor: string | null } = await simulatorGet<{
      calls: { call_id: string }[]
      next_cursor: string | null
    }>(sim, `/calls?${query}`)
    ids.push(...page.calls.map((call) => call.call_id))
    cursor = page.next_cursor
  } while (cursor)
  return ids.sort()
}

const indexedIds = async (store: ConsoleStore) =>
  (await store.db.selectFrom('indexed_calls').select('call_id').orderBy('call_id').execute()).map((row) => row.call_id)

async function placeDirectly(metadata: Record<string, string>, destination = COMPLETES): Promise<string> {
  const res = await fetch(`${sim.url}/api/v1/voice/calls`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sim.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ caller_id: callerId, destination, metadata }),
  })
  return ((await res.json()) as { call_id: string }).call_id
}

describe('the call index sync', { timeout: 180_000 }, () => {
  it('backfills the account, then catches up with calls placed straight through the API, details and all', async () => {
    const store = await openTestStore()
    const sync = startSync(store)
    try {
      await until(sync.state, (state) => state.state === 'ready')
      expect(await indexedIds(store)).toEqual(await upstreamIds())

      const ticket = `ZX-${Date.now()}`
      const callId = await placeDirectly({ ticket })
      const row = () =>
        store.db.selectFrom('indexed_calls').selectAll().where('call_id', '=', callId).executeTakeFirst()
      // In flight at first, then ended (a few seconds at speed 50), then its detail: metadata, recording, billing.
      const ended = await until(row, (call) => call?.details_at != null && call.status === 'DIALER_COMPLETED')
      expect(ended).toMatchObject({ billed_minutes: expect.any(Number), voicemail_drop: 0, source: 'API' })
      expect(JSON.parse(ended?.metadata ?? '{}')).toEqual({ ticket })
      const found = await store.callSearch.page(
        { numbers: [], texts: [{ text: ticket.toLowerCase(), key: 'ticket' }] },
        null,
        10,
      )
      expect(found.map((call) => call.call_id)).toEqual([callId])
      // The status of a call in flight was re-listed by status, not polled call by call.
      expect(proxy.seen.filter((request) => request.path.includes(`/calls/${callId}/status`))).toEqual([])
    } finally {
      await sync.close()
      await store.close()
    }
  }, 30_000)

  it('goes on with a backfill stopped halfway, after the store is reopened: no call twice, none missing', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'call-index-')), 'console.sqlite')
    const backfillPages = () => proxy.seen.filter((request) => /[?&]to_date=/.test(request.path)).length
    const before = backfillPages()
    const first = await openStore(path)
    // Slow enough to stop it halfway: 10 calls a page, 4 requests a second.
    const stopped = startSync(first, { pageSize: 10, rps: 4 })
    await until(stopped.state, (state) => (state.backfill?.listed ?? 0) >= 20)
    await stopped.close()
    const halfway = (await first.callIndexSync.read()).backfill_listed
    await first.close()

    const again = await openStore(path)
    const resumed = startSync(again, { pageSize: 10 })
    try {
      const state = await until(resumed.state, (s) => s.backfill?.running === false && s.backfill.finishedAt !== null)
      const ids = await upstreamIds()
      expect(halfway).toBeLessThan(ids.length)
      expect(await indexedIds(again)).toEqual(ids)
      // Every call listed once by the backfill, a page per ten: it resumed, it did not start over (the one
      // page the close may have cut off is asked again).
      expect(state.backfill).toMatchObject({ listed: ids.length, estimatedTotal: ids.length })
      expect(backfillPages() - before).toBeLessThanOrEqual(Math.ceil(ids.length / 10) + 1)
    } finally {
      await resumed.close()
      await again.close()
    }
  }, 40_000)

  it('indexes a call placed through the console from its create response, before any sync', async () => {
    const t = await createTestConsole({ upstream: sim.url, apiKey: sim.key })
    await t.addUser('support@example.com', 'support')
    const cookie = await t.signIn('support@example.com')
    const placed = await t.request('/api/v1/voice/calls', {
      cookie,
      headers: { 'idempotency-key': `index-${Date.now()}` },
      json: { caller_id: callerId, destination: COMPLETES, metadata: { customer: 'Late Payment Ltd' } },
    })
    expect(placed.status).toBe(201)
    const { call_id } = (await placed.json()) as { call_id: string }
    const res = await t.request(`/api/console/calls/search?q=${encodeURIComponent('customer:"late pay"')}`, { cookie })
    const body = (await res.json()) as CallSearchResponse
    expect(body.calls).toMatchObject([
      {
        call_id,
        status: 'DIALER_INITIATED',
        placedBy: { email: 'support@example.com' },
        metadata: { customer: 'Late Payment Ltd' },
      },
    ])
    expect(body.index.state).toBe('unavailable')
    await t.store.close()
  })

  it('runs a full backfill again when an admin asks for one (202), and only one at a time', async () => {
    const store = await openTestStore()
    // A proxy of its own, to hold the backfill asked for: its first request is answered 429 with Retry-After 3, so
    // the answer and the second ask meet it running whatever the machine's speed (a fast machine had finished the
    // whole backfill before the answer was read).
    const own = await startCountingUpstream(sim.url)
    const sync = startSync(store, { via: own })
    const t = await createTestConsole({ store, upstream: sim.url, apiKey: sim.key, callIndex: sync })
    try {
      await t.addUser('admin@example.com', 'admin')
      const cookie = await t.signIn('admin@example.com')
      await until(sync.state, (state) => state.state === 'ready')
      own.throttleNext(3)
      const res = await t.request('/api/console/calls/index', { method: 'POST', cookie })
      expect(res.status).toBe(202)
      expect(((await res.json()) as IndexState).backfill).toMatchObject({ running: true, listed: 0, finishedAt: null })
      expect(await sync.requestBackfill()).toBe(false)
      const state = await until(sync.state, (s) => s.state === 'ready')
      expect(state.backfill?.listed).toBe((await upstreamIds()).length)
    } finally {
      await sync.close()
      await store.close()
      await own.close()
    }
  })

  it('waits out a 429 for the Retry-After asked', async () => {
    // A proxy of its own: a request an earlier test's sync aborted as it closed can still reach the shared one
    // late on a loaded machine, and would take the 429 meant for this sync.
    const own = await startCountingUpstream(sim.url)
    const store = await openTestStore()
    own.throttleNext(1)
    const sync = startSync(store, { via: own })
    try {
      await until(sync.state, (state) => state.syncedTo !== null)
      const [throttled, next] = own.seen
      expect(throttled?.throttled).toBe(true)
      expect((next?.at ?? 0) - (throttled?.at ?? 0)).toBeGreaterThanOrEqual(950)
    } finally {
      await sync.close()
      await store.close()
      await own.close()
    }
  })
})
