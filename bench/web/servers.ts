// What the web benchmark measures: a fresh production build served by the console's
// production start (people added with its CLI, as e2e does), proxying to a simulator seeded
// with many calls, and a signed-in session. Both servers run as child processes and their
// files live in one temporary folder, removed by stop().
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SIM_COMMAND, simulatorEnv } from '../../e2e/support/servers'
import { freePort } from '../../server/console/test-support/free-port'
import { type Child, nodeArgs, startChild } from '../child'
import { type BenchSession, signIn, startConsoleChild } from '../console'

interface BenchServers {
  appUrl: string
  /** An admin's session: every measurement sends it, as a signed-in browser would. */
  session: BenchSession
  /** The simulator's SQLite file, to read the stored plan of a call. */
  dbPath: string
  seedSeconds: number
  stop(): Promise<void>
}

function build(outDir: string) {
  const result = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    // The build's output goes to stderr so stdout holds only the report.
    { stdio: ['ignore', 2, 2] },
  )
  if (result.status !== 0) throw new Error(`The production build failed (exit ${result.status})`)
}

export async function startBenchServers({ seedCalls, speed }: { seedCalls: number; speed: number }) {
  const dir = mkdtempSync(join(tmpdir(), 'voice-bench-web-'))
  const children: Child[] = []
  const stop = async () => {
    for (const child of children.reverse()) await child.stop()
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    const distDir = join(dir, 'dist')
    console.error('Building the dashboard...')
    build(distDir)
    const appPort = await freePort()
    const dbPath = join(dir, 'bench.sqlite')
    const seedStarted = performance.now()
    const sim = await startChild(nodeArgs(SIM_COMMAND), {
      ...simulatorEnv({ port: 0, appPort, seedCalls }),
      VOICE_SIM_DB: dbPath,
      VOICE_SIM_SPEED: String(speed),
      VOICE_SIM_RATE_LIMIT: '1000000000',
    })
    children.push(sim)
    const seedSeconds = (performance.now() - seedStarted) / 1000
    const app = await startConsoleChild({
      port: appPort,
      simUrl: sim.url,
      dbPath: join(dir, 'console.sqlite'),
      env: { DASHBOARD_DIST: distDir },
    })
    children.push(app)
    const session = await signIn(app.url)
    console.error(
      `Simulator (${seedCalls} calls, ready in ${seedSeconds.toFixed(1)} s) at ${sim.url}; app at ${app.url}`,
    )
    return { appUrl: app.url, session, dbPath, seedSeconds, stop } satisfies BenchServers
  } catch (error) {
    await stop()
    throw error
  }
}
