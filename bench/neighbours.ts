// npm run bench:neighbours [-- --calls 1000000 --seconds 20 --exports 10 --searches-per-second 20]
// Whether one person's heavy work reaches another's requests, on loopback only: the console runs as its own
// process over a store of --calls indexed calls (bench/search's seeded store), in front of the simulator.
//   1. person B reads a call's status through the console's voice proxy, one request after another, alone;
//   2. the same, for as long again, while person A asks for --exports CSV exports of every call at once
//      (A's cap lets 2 stream; the rest get 429 and ask again after Retry-After) and floods searches.
// B's p50/p99 in both phases, their ratio, and what A was answered. Its figures are in README.md.
import type { ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import {
  ACME_KEY,
  type SimulatorProcess,
  startSimulatorProcess,
} from '../server/console/test-support/simulator-process'
import { API_PREFIX, type ListCallsResponse } from '../src/api/schemas'
import { guardChildren } from './child'
import { integerOption } from './integer-option'
import { type ConsoleChild, startConsoleChild } from './live/console-child'
import { startHeavyLoad } from './neighbours/heavy-load'
import { addPersonA, PERSON_A, signIn } from './neighbours/people'
import { startPolling } from './neighbours/poller'
import { latencyOf, neighboursReport } from './neighbours/report'
import { queryCases } from './search/query-cases'
import { copyStore, seededStore } from './search/seeded-store'

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '20' },
    exports: { type: 'string', default: '10' },
    'searches-per-second': { type: 'string', default: '20' },
  },
})
const calls = integerOption('calls', values.calls, 1_000, 2_000_000)
const seconds = integerOption('seconds', values.seconds, 1, 600)
const exports = integerOption('exports', values.exports, 1, 100)
const searchesPerSecond = integerOption('searches-per-second', values['searches-per-second'], 1, 1_000)
const command = `npm run bench:neighbours -- --calls ${calls} --seconds ${seconds} --exports ${exports} --searches-per-second ${searchesPerSecond}`

const dir = mkdtempSync(join(tmpdir(), 'voice-bench-neighbours-'))
// The console serves no dashboard (DASHBOARD_DIST): an empty folder of the bench's own.
mkdirSync(join(dir, 'no-dist'))
const running: { console: ConsoleChild | null; sim: SimulatorProcess | null } = { console: null, sim: null }
const children: ChildProcess[] = []

async function stopAll() {
  await running.console?.stop()
  await running.sim?.stop()
  running.console = null
  running.sim = null
  rmSync(dir, { recursive: true, force: true })
}

guardChildren({ bench: 'bench:neighbours', minutes: 20, children: () => children, stopAll })

const log = (line: string) => process.stderr.write(`${line}\n`)
const loads: number[] = []
setInterval(() => loads.push(loadavg()[0] ?? 0), 2_000).unref()
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function main() {
  const loadBefore = loadavg()[0] ?? 0
  log(`The store with ${calls.toLocaleString('en-US')} indexed calls...`)
  const seeded = await seededStore(calls, log)
  const dbPath = copyStore(seeded, dir, 'console-neighbours')
  await addPersonA(dbPath)
  const queries = queryCases(dbPath, 50).flatMap((testCase) => testCase.queries)

  running.sim = await startSimulatorProcess({ VOICE_SIM_SEED_CALLS: '3', VOICE_SIM_RATE_LIMIT: '1000000000' })
  children.push(running.sim.process)
  running.console = await startConsoleChild({
    upstream: running.sim.url,
    apiKey: ACME_KEY,
    dir,
    name: 'console-neighbours',
    // A is held to the defaults a person gets: 2 exports at once, 120 of these requests a minute.
    env: { CONSOLE_QUERY_RATE_LIMIT: '120', CONSOLE_EXPORTS_PER_PERSON: '2' },
  })
  children.push(running.console.process)
  const { url, cookie: cookieB } = running.console
  const cookieA = await signIn(url, PERSON_A)
  const list = await fetch(`${url}${API_PREFIX}/calls?limit=1`, { headers: { cookie: cookieB } })
  const callId = ((await list.json()) as ListCallsResponse).calls[0]?.call_id
  if (!callId) throw new Error('the simulator listed no call for B to poll')

  log(`B alone: ${seconds} s of status reads...`)
  const poller = startPolling(url, cookieB, callId)
  // Untimed: the first requests open connections and compile code.
  await pause(1_000)
  poller.lap()
  await pause(seconds * 1000)
  const alone = latencyOf(poller.lap())
  log(`B beside A: ${exports} exports at once and ${searchesPerSecond} searches a second, ${seconds} s...`)
  const load = startHeavyLoad({ url, cookie: cookieA, exports, searchesPerSecond, queries })
  await pause(seconds * 1000)
  const beside = latencyOf(poller.lap())
  const counts = await load.stop()
  await poller.stop()
  // The console sees A's connections close and ends its streams before it is stopped.
  await pause(1_000)

  console.log(
    neighboursReport({
      command,
      loadBefore,
      loadDuring: loads.length > 0 ? [Math.min(...loads), Math.max(...loads)] : null,
      calls,
      seconds,
      exports,
      searchesPerSecond,
      alone,
      beside,
      load: counts,
    }),
  )
}

try {
  await main()
} finally {
  await stopAll()
}
