// Two console instances on one store (one SQLite file, or one PostgreSQL database): the retention prune runs on the
// one that holds its lease, so the trail has one prune, and it moves to the other when its holder closes.
import { afterEach, expect, it } from 'vitest'
import { eventually } from '../../shared/test-support/eventually'
import { createAuditLog } from '../audit/audit-log'
import { type ConsoleStore, openStore } from '../store'
import { indexCalls } from '../test-support/indexed-calls'
import { testStoreLocation } from '../test-support/test-store'
import { startConsoleRetention } from './console-retention'

const NOW = Date.parse('2026-06-30T12:00:00Z')
const DAY = 24 * 60 * 60_000
const WINDOWS = { callsDays: 30, notesDays: null, recordingsDays: null }

const cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step().catch(() => {})
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const prunes = (store: ConsoleStore) => store.audit.page({ action: 'retention.pruned' }, 10)

it('prunes once with two instances on one store, and the other takes the daily prune over when the holder closes', async () => {
  const location = await testStoreLocation({ file: true })
  const stores: ConsoleStore[] = []
  for (let i = 0; i < 2; i++) {
    const store = await openStore(location, undefined, { connections: 4 })
    cleanup.push(() => store.close())
    stores.push(store)
  }
  const [one, two] = stores as [ConsoleStore, ConsoleStore]
  await indexCalls(one, [
    { call_id: 'call_old', created_at: new Date(NOW - 40 * DAY).toISOString() },
    { call_id: 'call_new', created_at: new Date(NOW - 2 * DAY).toISOString() },
  ])
  const start = (store: ConsoleStore, instanceId: string) => {
    const job = startConsoleRetention({
      store,
      audit: createAuditLog(store, () => NOW),
      retention: WINDOWS,
      instanceId,
      now: () => NOW,
    })
    if (!job) throw new Error('a window is set: the prune should run')
    cleanup.push(() => job.close())
    return job
  }
  const first = start(one, 'instance-one')
  const second = start(two, 'instance-two')
  await eventually(async () => expect(await prunes(one)).toHaveLength(1))
  // Both have tried the lease several times (every second) by now: still one prune, by one holder.
  await sleep(2_500)
  await first.settled()
  await second.settled()
  const [entry] = await prunes(two)
  expect(await prunes(two)).toHaveLength(1)
  expect(JSON.parse(entry?.detail ?? '')).toMatchObject({ calls: 1 })
  expect([first.leaseHeld(), second.leaseHeld()].filter(Boolean)).toHaveLength(1)
  const [holder, other] = first.leaseHeld() ? [first, second] : [second, first]

  // The holder closes (a shutdown): it lets the lease go, and the other starts its day with a prune.
  await holder.close()
  await eventually(() => expect(other.leaseHeld()).toBe(true))
  await eventually(async () => expect(await prunes(one)).toHaveLength(2))
  const [latest] = await prunes(one)
  expect(JSON.parse(latest?.detail ?? '')).toMatchObject({ calls: 0 })
})

it('does not run, nor take a lease, while no window of rows is set (recordings alone are checked when served)', async () => {
  const store = await openStore(await testStoreLocation({ file: true }), undefined, { connections: 2 })
  cleanup.push(() => store.close())
  const job = startConsoleRetention({
    store,
    audit: createAuditLog(store, () => NOW),
    retention: { callsDays: null, notesDays: null, recordingsDays: 30 },
    instanceId: 'instance-one',
    now: () => NOW,
  })
  expect(job).toBeNull()
})
