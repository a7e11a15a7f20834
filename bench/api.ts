// npm run bench:api [-- --duration 10 --connections 50 --seed 100000 --few-calls 1000 --deep-pages 1000 --rounds 5]
// Seeds temporary databases, starts the simulator as child processes and load-tests the hot
// endpoints on loopback with autocannon, next to a bare node:http server as the ceiling. The
// status poll is also measured through the console server (its production start, signed in) and through a plain
// node:http pass-through, to give the console's cost as a ratio to that floor, once the console's call index has
// listed every call (a backfill beside the load is not the console's cost a request).
import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type autocannon from 'autocannon'
import { SIM_COMMAND } from '../e2e/support/servers'
import { freePort } from '../server/console/test-support/free-port'
import { API_PREFIX } from '../src/api/contract/schemas'
import { consoleOverheadReport } from './api-console-report'
import { authHeaders, BENCH_KEY, deepCursor, newestCallId } from './api-fixtures'
import { bothWindows, measure } from './api-load'
import { apiBenchReport } from './api-report'
import { CEILING_SERVER, type Child, nodeArgs, PASS_THROUGH_SERVER, startChild } from './child'
import { indexListed, signIn, startConsoleChild } from './console'
import { integerOption } from './integer-option'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    seed: { type: 'string', default: '100000' },
    // The second simulator, to show that GET /usage costs the same with 100 times fewer calls.
    'few-calls': { type: 'string', default: '1000' },
    'deep-pages': { type: 'string', default: '1000' },
    // The console's trio (straight, pass-through, console) is measured this many times, back to back: single rounds
    // of one build swung from 0.88x to 1.79x on this machine (the machine's speed moves within a run more than the
    // console's share does), so the verdict goes by the median round. Of 3, two slow rounds in one run decided it
    // (1.73x, 1.64x, 0.93x on 2026-11-29, where the shortened bench's medians of 5 read 1.09x to 1.38x that night).
    rounds: { type: 'string', default: '5' },
  },
})

const settings = {
  duration: integerOption('duration', values.duration, 1, 600),
  connections: integerOption('connections', values.connections, 1, 1000),
}
const seedCalls = integerOption('seed', values.seed, 1, 2_000_000)
const fewCalls = integerOption('few-calls', values['few-calls'], 1, 2_000_000)
const deepPages = integerOption('deep-pages', values['deep-pages'], 2, 40_000)
const rounds = integerOption('rounds', values.rounds, 1, 15)

// The console limits each person to 300 requests a minute; one session of this bench sends far more.
const CONSOLE_USER_RATE_LIMIT = 1_000_000_000

function startSimulatorChild(dbPath: string, calls: number): Promise<Child> {
  return startChild(nodeArgs(SIM_COMMAND), {
    VOICE_SIM_DB: dbPath,
    // Load goes to loopback only, whatever the environment says.
    VOICE_SIM_HOST: '127.0.0.1',
    VOICE_SIM_PORT: '0',
    VOICE_SIM_SEED_CALLS: String(calls),
    VOICE_SIM_LOG: 'off',
    VOICE_SIM_RATE_LIMIT: '1000000000',
  })
}

async function main() {
  const loadBefore = loadavg()[0] ?? 0
  const dir = mkdtempSync(join(tmpdir(), 'voice-bench-'))
  const children: Child[] = []
  try {
    const seedStarted = performance.now()
    const sim = await startSimulatorChild(join(dir, 'bench.sqlite'), seedCalls)
    children.push(sim)
    const seedSeconds = (performance.now() - seedStarted) / 1000
    console.error(`Simulator with ${seedCalls} seeded calls ready in ${seedSeconds.toFixed(1)} s at ${sim.url}`)
    const fewCallsSim = await startSimulatorChild(join(dir, 'few-calls.sqlite'), fewCalls)
    children.push(fewCallsSim)
    const ceiling = await startChild(['-e', CEILING_SERVER], {})
    children.push(ceiling)
    // The floor of any proxy in front of the simulator, to hold the console's cost against.
    const passThrough = await startChild(['-e', PASS_THROUGH_SERVER], { TARGET: sim.url, KEY: BENCH_KEY })
    children.push(passThrough)
    // Only the API is measured: an empty build folder to serve.
    const noBuild = join(dir, 'no-build')
    mkdirSync(noBuild)
    const consoleServer = await startConsoleChild({
      port: await freePort(),
      simUrl: sim.url,
      dbPath: join(dir, 'console.sqlite'),
      env: { DASHBOARD_DIST: noBuild, CONSOLE_USER_RATE_LIMIT: String(CONSOLE_USER_RATE_LIMIT) },
    })
    children.push(consoleServer)
    const session = await signIn(consoleServer.url)

    const api = `${sim.url}${API_PREFIX}`
    const callId = await newestCallId(api)
    const cursor = await deepCursor(api, deepPages)
    const load = (name: string, server: Child, url: string, options: Partial<autocannon.Options> = {}) =>
      measure(name, server, { url, headers: authHeaders, ...options }, settings)
    const statusUrl = `${api}/calls/${callId}/status`
    const consoleStatusUrl = `${consoleServer.url}${API_PREFIX}/calls/${callId}/status`
    // Straight, through the plain pass-through and through the console, each in two half-length windows in a mirrored
    // order (straight, pass-through, console, console, pass-through, straight): the machine's speed drifts within a
    // round, and in this order a steady drift weighs on the three alike. In one window each (straight, pass-through,
    // console), a drift over the round's half minute went wholly to the console's side or to the floor's.
    const half = { ...settings, duration: Math.max(1, Math.round(settings.duration / 2)) }
    const statusUrls = {
      straight: { url: statusUrl, headers: authHeaders },
      passThrough: { url: `${passThrough.url}${API_PREFIX}/calls/${callId}/status` },
      console: { url: consoleStatusUrl, headers: { cookie: session.cookie } },
    }
    const statusRound = async (connections: number) => {
      const window = (name: string, server: Child, options: autocannon.Options, upstream?: Child) =>
        measure(`${name}, ${connections} conn.`, server, options, { ...half, connections }, upstream)
      // One after another, in this order: the return value pairs the first half's windows with the second's.
      const straight = await window('status straight', sim, statusUrls.straight)
      const viaPassThrough = await window('status via pass-through', passThrough, statusUrls.passThrough, sim)
      const viaConsole = await window('status via the console', consoleServer, statusUrls.console, sim)
      const viaConsoleAgain = await window('status via the console', consoleServer, statusUrls.console, sim)
      const viaPassThroughAgain = await window('status via pass-through', passThrough, statusUrls.passThrough, sim)
      const straightAgain = await window('status straight', sim, statusUrls.straight)
      return {
        straight: bothWindows(straight, straightAgain),
        passThrough: bothWindows(viaPassThrough, viaPassThroughAgain),
        console: bothWindows(viaConsole, viaConsoleAgain),
      }
    }
    const roundsOf = async <T>(measureRound: () => Promise<T>): Promise<T[]> => {
      const measured: T[] = []
      for (let round = 0; round < rounds; round++) measured.push(await measureRound())
      return measured
    }
    const results = {
      ceiling: await measure('`node:http` fixed JSON (ceiling)', ceiling, { url: ceiling.url }, settings),
      status: await load('`GET /calls/{id}/status`', sim, statusUrl),
      firstPage: await load('`GET /calls` (first page)', sim, `${api}/calls`),
      deepPage: await load(
        `\`GET /calls\` (page ~${deepPages.toLocaleString('en-US')} deep)`,
        sim,
        `${api}/calls?cursor=${encodeURIComponent(cursor)}`,
      ),
      usage: await load(`\`GET /usage\` (${seedCalls.toLocaleString('en-US')} calls)`, sim, `${api}/usage`),
      // Right after the row above, so both see the same machine.
      usageFewCalls: await load(
        `\`GET /usage\` (${fewCalls.toLocaleString('en-US')} calls)`,
        fewCallsSim,
        `${fewCallsSim.url}${API_PREFIX}/usage`,
      ),
    }
    // Before the POST load: the calls it creates (thousands a second) would have the console's index listing them
    // beside the console's own figures. And once the index has listed the seeded calls, for the same reason.
    const indexWaitSeconds = await indexListed(consoleServer.url, session)
    console.error(`The console's index listed every call ${indexWaitSeconds.toFixed(1)} s after the loads above`)
    const consoleOverhead = {
      userRateLimit: CONSOLE_USER_RATE_LIMIT,
      loaded: { connections: settings.connections, rounds: await roundsOf(() => statusRound(settings.connections)) },
      unloaded: { connections: 1, rounds: await roundsOf(() => statusRound(1)) },
    }
    const post = await load('`POST /calls` (unique Idempotency-Key)', sim, `${api}/calls`, {
      method: 'POST',
      headers: { ...authHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({ caller_id: '+14155550100', destination: '+15005550006', record: true }),
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, 'idempotency-key': randomUUID() },
          }),
        },
      ],
    })
    // The simulator's peak RSS includes the console's status reads: the same reads as the status row's, lighter than
    // the POST and usage loads that set the peak.
    const memory = { rssMb: sim.rssMb(), peakRssMb: sim.peakRssMb() }
    console.log(
      `\n${apiBenchReport({ ...settings, ...results, post, ...memory, seedCalls, fewCalls, seedSeconds, loadBefore })}`,
    )
    console.log(`\n${consoleOverheadReport(consoleOverhead)}`)
  } finally {
    for (const child of children) await child.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
