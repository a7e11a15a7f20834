// The call index's CSV export against the voice API's own list: a simulator seeded with `calls` calls
// (in bulk, at its start), the index filled by the real sync's backfill, then the whole index exported
// with no filter and read as it streams: each call id compared with the list's at the same place, and
// the test process's live memory sampled (after a forced GC) to show the export does not grow with rows.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { startCallIndexSync } from '../calls/index/call-index-sync'
import { createIndexUpstream } from '../calls/index/index-upstream'
import { createTestConsole } from './console-app'
import { type SimulatorProcess, simulatorGet, startSimulatorProcess } from './simulator-process'
import { openTestStore } from './test-store'

export interface ExportAgainstUpstream {
  listed: number
  exported: number
  /** The first place where the export and the list disagree, if any. */
  mismatch: { at: number; exported: string; listed: string } | null
  totalHeader: string | null
  bytes: number
  /** From the request to the last byte. */
  exportMs: number
  /** Live memory's peak during the stream, less before it (bytes): the heap and buffers outside it. */
  memoryGrowth: number
  timings: { seedMs: number; backfillMs: number; listMs: number }
}

/** The GC, for a heap figure that is live memory rather than garbage not yet collected. */
function forcedGc(): () => void {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}

/** The simulator's whole list, newest first, with ties (one millisecond) by call id, as the console orders them. */
async function listedIds(sim: SimulatorProcess): Promise<string[]> {
  const calls: { call_id: string; created_at: string }[] = []
  let cursor: string | null = null
  do {
    const query = new URLSearchParams({ limit: '100', ...(cursor ? { cursor } : {}) })
    const page: { calls: typeof calls; next_cursor: string | null } = await simulatorGet(sim, `/calls?${query}`)
    calls.push(...page.calls.map(({ call_id, created_at }) => ({ call_id, created_at })))
    cursor = page.next_cursor
  } while (cursor)
  // The API breaks a tie by its own insertion order; the index by call id.
  const at = (created: string) => Date.parse(created)
  return calls
    .sort((a, b) => at(b.created_at) - at(a.created_at) || (a.call_id < b.call_id ? 1 : a.call_id > b.call_id ? -1 : 0))
    .map((call) => call.call_id)
}

export async function exportAgainstUpstream(calls: number): Promise<ExportAgainstUpstream> {
  const gc = forcedGc()
  let started = performance.now()
  const sim = await startSimulatorProcess(
    { VOICE_SIM_SEED_CALLS: String(calls), VOICE_SIM_RATE_LIMIT: '100000000' },
    120_000,
  )
  const store = await openTestStore()
  try {
    const seedMs = performance.now() - started
    started = performance.now()
    const sync = startCallIndexSync({
      store,
      upstream: createIndexUpstream({ upstream: sim.url, apiKey: sim.key }),
      rps: 100_000,
    })
    try {
      for (;;) {
        const state = await sync.state()
        if (state.backfill?.finishedAt) break
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    } finally {
      await sync.close()
    }
    const backfillMs = performance.now() - started
    started = performance.now()
    const listed = await listedIds(sim)
    const listMs = performance.now() - started

    const t = await createTestConsole({ store, apiKey: null })
    await t.addUser('support@example.com', 'support')
    const cookie = await t.signIn('support@example.com')
    const liveMemory = () => {
      gc()
      const { heapUsed, external } = process.memoryUsage()
      return heapUsed + external
    }
    const memoryBefore = liveMemory()
    let memoryPeak = memoryBefore
    started = performance.now()
    const res = await t.request('/api/console/calls/export.csv', { cookie })
    const reader = res.body?.getReader()
    if (!reader) throw new Error(`no body: ${res.status}`)
    const decoder = new TextDecoder()
    let pending = ''
    let line = -1
    let bytes = 0
    let chunks = 0
    let mismatch: ExportAgainstUpstream['mismatch'] = null
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      bytes += value.byteLength
      pending += decoder.decode(value, { stream: true })
      // The simulator's metadata has no line breaks: a record is a line; its first cell the call id.
      const records = pending.split('\r\n')
      pending = records.pop() ?? ''
      for (const record of records) {
        line += 1
        if (line === 0) continue
        const id = record.slice(1, record.indexOf('"', 1))
        if (!mismatch && id !== listed[line - 1])
          mismatch = { at: line - 1, exported: id, listed: listed[line - 1] ?? '' }
      }
      chunks += 1
      if (chunks % 10 === 0) memoryPeak = Math.max(memoryPeak, liveMemory())
    }
    const exportMs = performance.now() - started
    return {
      listed: listed.length,
      exported: line,
      mismatch,
      totalHeader: res.headers.get('x-total-count'),
      bytes,
      exportMs,
      memoryGrowth: memoryPeak - memoryBefore,
      timings: { seedMs, backfillMs, listMs },
    }
  } finally {
    await store.close()
    await sim.stop()
  }
}
