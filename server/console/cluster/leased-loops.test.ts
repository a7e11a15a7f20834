// Two console instances on one store (one SQLite file, or one PostgreSQL database), each with its own way to
// the real simulator (a counting proxy each, so every upstream request is known by the instance that sent it):
// the index sync and the alert rules run on one of them at a time, and move to the other within 5 s when
// their holder closes or is cut off from the store.
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { AlertFiring } from '../../../src/api/contract/alert-schemas'
import { startConsoleAlerts } from '../alerts/rules/console-alerts'
import { createAuditLog } from '../audit/audit-log'
import { startConsoleCallIndex } from '../calls/index/console-call-index'
import { type ConsoleStore, openStore } from '../store'
import { type CountingUpstream, startCountingUpstream } from '../test-support/counting-upstream'
import { type SimulatorProcess, startSimulatorProcess } from '../test-support/simulator-process'
import { testStoreLocation } from '../test-support/test-store'

let sim: SimulatorProcess
const cleanup: (() => Promise<unknown>)[] = []

beforeAll(async () => {
  sim = await startSimulatorProcess()
}, 60_000)
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => {})
  await sim?.stop()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(done: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: still not after ${timeoutMs} ms`)
    await sleep(50)
  }
}

/** Two handles on one new store, as two instances would open it, each with its own counting proxy. */
async function twoInstances() {
  const location = await testStoreLocation({ file: true })
  const instances: { store: ConsoleStore; upstream: CountingUpstream; id: string }[] = []
  for (const id of ['one', 'two']) {
    const store = await openStore(location, undefined, { connections: 4 })
    const upstream = await startCountingUpstream(sim.url)
    cleanup.push(
      () => store.close(),
      () => upstream.close(),
    )
    instances.push({ store, upstream, id })
  }
  return instances as [(typeof instances)[0], (typeof instances)[0]]
}

/** The instance's store, with its way to the leases cut on demand, as a crash or a partition would cut it. */
function cuttable(store: ConsoleStore) {
  const state = { cut: false }
  const reachable: ConsoleStore = {
    ...store,
    leases: {
      ...store.leases,
      acquire: (...args) => (state.cut ? Promise.reject(new Error('connection lost')) : store.leases.acquire(...args)),
      release: (...args) => (state.cut ? Promise.reject(new Error('connection lost')) : store.leases.release(...args)),
    },
  }
  return { store: reachable, state }
}

it('runs index passes on one instance at a time, and on the other within 5 s when the first closes or is cut off', async () => {
  const [a, b] = await twoInstances()
  const start = (instance: typeof a, store: ConsoleStore = instance.store) =>
    startConsoleCallIndex({
      upstream: instance.upstream.url,
      apiKey: sim.key,
      store,
      upstreamRps: 20,
      instanceId: instance.id,
    })
  const first = start(a)
  // The first instance alone: it takes the lease at its first attempt and lists at once.
  await until(() => a.upstream.seen.length > 0, 5_000, 'the first instance lists')
  const second = start(b)
  cleanup.push(
    async () => first?.close(),
    async () => second?.close(),
  )
  // Two passes' worth (one every 5 s) while both run: only the holder asks the voice service anything.
  const listedBefore = a.upstream.seen.filter((r) => r.path.startsWith('/api/v1/voice/calls?')).length
  await sleep(6_000)
  expect(b.upstream.seen).toEqual([])
  // What /metrics reports as each instance's console_lease_held.
  expect([first?.leaseHeld(), second?.leaseHeld()]).toEqual([true, false])
  expect(a.upstream.seen.filter((r) => r.path.startsWith('/api/v1/voice/calls?')).length).toBeGreaterThan(listedBefore)
  // Its state is answered on both: the store's counts, the same on each.
  expect((await second?.state())?.syncedTo).toBe((await first?.state())?.syncedTo)

  const closedAt = Date.now()
  await first?.close()
  const aSeen = a.upstream.seen.length
  await until(() => b.upstream.seen.length > 0, 5_000, 'the second instance takes over')
  const handover = Date.now() - closedAt
  expect(a.upstream.seen.length).toBe(aSeen)

  // Now the second holds it; a third instance (the first restarted) waits; the second is cut off from the store.
  const cut = cuttable(b.store)
  await second?.close()
  const secondAgain = start(b, cut.store)
  await until(() => b.upstream.seen.length > 1, 5_000, 'the second instance takes it back')
  const restarted = start(a)
  cleanup.push(
    async () => secondAgain?.close(),
    async () => restarted?.close(),
  )
  await sleep(1_500)
  const aBefore = a.upstream.seen.length
  expect(aBefore).toBe(aSeen)
  cut.state.cut = true
  const cutAt = Date.now()
  await until(() => a.upstream.seen.length > aBefore, 7_000, 'the restarted first instance takes over from the cut one')
  const takeover = Date.now() - cutAt
  // The cut instance counted itself out before its lease expired, and stopped listing.
  const bStopped = b.upstream.seen.length
  await sleep(2_000)
  expect(b.upstream.seen.length).toBe(bStopped)
  console.info(`call-index lease: handover on close ${handover} ms, takeover after a cut ${takeover} ms`)
  expect(takeover).toBeLessThan(6_000)
}, 60_000)

it('fires a rule once across both instances, evaluated where the alert-rules lease is held', async () => {
  const [a, b] = await twoInstances()
  // 0% of the commitment: reached by any usage, so the first round of whichever instance evaluates fires it.
  const ruleId = await a.store.alertRules.create({ kind: 'usage-percent', percent: 0, enabled: true }, null, Date.now())
  const fired: { instance: string; firing: AlertFiring }[] = []
  const start = (instance: typeof a) =>
    startConsoleAlerts({
      upstream: instance.upstream.url,
      apiKey: sim.key,
      upstreamTimeoutMs: 10_000,
      alerts: { evaluateMs: 1_000, enabled: true },
      store: instance.store,
      audit: createAuditLog(instance.store),
      instanceId: instance.id,
      onFired: (firing) => {
        fired.push({ instance: instance.id, firing })
      },
    })
  const [first, second] = [start(a), start(b)]
  cleanup.push(
    async () => first?.close(),
    async () => second?.close(),
  )
  await until(() => fired.some((f) => f.firing.ruleId === ruleId), 10_000, 'the rule fires')
  // Several rounds (one a second) on the holder: the other reads no usage, and nothing fires again.
  await sleep(3_500)
  const readers = [a, b].filter((instance) => instance.upstream.seen.length > 0)
  expect(readers).toHaveLength(1)
  expect(fired.filter((f) => f.firing.ruleId === ruleId)).toHaveLength(1)
  const rows = await a.store.db.selectFrom('alert_firings').selectAll().where('rule_id', '=', ruleId).execute()
  expect(rows).toHaveLength(1)

  // The holder closes: the other takes the rules over. With the firing gone (as when a new period begins), the
  // rule fires again there, once.
  const holder = readers[0] === a ? first : second
  const other = readers[0] === a ? b : a
  await holder?.close()
  await a.store.db.deleteFrom('alert_firings').where('rule_id', '=', ruleId).execute()
  fired.length = 0
  await until(() => fired.length > 0, 8_000, 'the other instance fires the rule')
  await sleep(2_500)
  expect(fired.filter((f) => f.firing.ruleId === ruleId).map((f) => f.instance)).toEqual([other.id])
}, 60_000)
