// npm run bench:memory [-- --streams 500 --calls 2000 --settle 8]: the console's memory as it ships (`npm run serve`, read from
// package.json), idle and then holding many live streams, beside a simulator its call index syncs from.
// Issue 26's target: at most 100 MB idle. RSS is the kernel's (VmRSS), read from outside the process: no
// forced GC, as an operator's `ps` sees it.

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { Agent } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { SERVE_COMMAND, SIM_COMMAND } from '../e2e/support/servers'
import { freePort } from '../server/console/test-support/free-port'
import { type Child, nodeArgs, startChild } from './child'
import { signIn, startConsoleChild } from './console'
import { integerOption } from './integer-option'
import { openViewers, type Viewer } from './live/sse-viewer'
import { machine } from './machine'

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '500' },
    calls: { type: 'string', default: '2000' },
    settle: { type: 'string', default: '8' },
  },
})
const streams = integerOption('streams', values.streams, 1, 1_000)
const seedCalls = integerOption('calls', values.calls, 1, 100_000)
/** 8 s by default: long enough for the index's first sync and the hub's first rounds, "idle" to an operator. */
const SETTLE_MS = integerOption('settle', values.settle, 1, 60) * 1000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function main() {
  const loadBefore = loadavg()[0] ?? 0
  const dir = mkdtempSync(join(tmpdir(), 'voice-bench-memory-'))
  const children: Child[] = []
  const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY })
  let viewers: Viewer[] = []
  try {
    const sim = await startChild(nodeArgs(SIM_COMMAND), {
      VOICE_SIM_DB: join(dir, 'sim.sqlite'),
      VOICE_SIM_HOST: '127.0.0.1',
      VOICE_SIM_PORT: '0',
      VOICE_SIM_SEED_CALLS: String(seedCalls),
      VOICE_SIM_LOG: 'off',
    })
    children.push(sim)
    const noBuild = join(dir, 'no-build')
    mkdirSync(noBuild)
    const app = await startConsoleChild({
      port: await freePort(),
      simUrl: sim.url,
      dbPath: join(dir, 'console.sqlite'),
      // One person opens every stream here; the caps are tested elsewhere.
      env: {
        DASHBOARD_DIST: noBuild,
        CONSOLE_LIVE_MAX_STREAMS: String(streams + 1),
        CONSOLE_LIVE_STREAMS_PER_PERSON: String(streams + 1),
      },
    })
    children.push(app)
    const session = await signIn(app.url)
    await sleep(SETTLE_MS)
    const idle = app.rssMb()
    viewers = await openViewers(streams, { url: app.url, cookie: session.cookie, agent })
    await sleep(SETTLE_MS)
    const open = app.rssMb()
    for (const viewer of viewers.splice(0)) viewer.close()
    await sleep(SETTLE_MS)
    const closed = app.rssMb()
    const met = idle <= 100 ? 'met' : '**not met**'
    console.log(
      [
        `Command: \`npm run bench:memory -- --streams ${streams} --calls ${seedCalls} --settle ${SETTLE_MS / 1000}\`; the console started as \`${SERVE_COMMAND}\`, signed in once, beside a simulator of ${seedCalls.toLocaleString('en-US')} calls; RSS read ${SETTLE_MS / 1000} s after each step.`,
        '',
        `| console RSS | idle | ${streams} live streams open | all closed | target |`,
        '|---|---:|---:|---:|---|',
        `| MB | ${idle.toFixed(0)} | ${open.toFixed(0)} | ${closed.toFixed(0)} | idle <= 100 MB: ${met} |`,
        '',
        `Per open stream: ${(((open - idle) * 1024) / streams).toFixed(1)} KB. ${machine(loadBefore)}`,
      ].join('\n'),
    )
  } finally {
    for (const viewer of viewers) viewer.close()
    agent.destroy()
    await Promise.all(children.map((child) => child.stop()))
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
