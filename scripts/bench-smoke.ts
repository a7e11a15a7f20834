// npm run bench:smoke [-- bench:live bench:api]
// Runs every benchmark as shipped, at sizes that take seconds, and fails when one exits non-zero: a bench that
// no longer runs (bench:live stopped at a 429 once its streams outgrew the console's cap) is found in CI, not on
// the day someone measures. The figures are not checked; the benches' own READMEs say how to read them.
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { findPostgresBin } from '../server/console/test-support/postgres-cluster'

interface Smoke {
  script: string
  args: string[]
}

// One line per bench; a new bench adds its own, with the smallest sizes its options accept.
const SMOKES: Smoke[] = [
  {
    script: 'bench:api',
    args: [
      '--duration',
      '1',
      '--connections',
      '2',
      '--seed',
      '300',
      '--few-calls',
      '30',
      '--deep-pages',
      '2',
      '--rounds',
      '2',
    ],
  },
  { script: 'bench:audit', args: ['--writes', '100', '--calls', '20', '--lookups', '100'] },
  { script: 'bench:cluster', args: ['--people', '10', '--seconds', '3'] },
  { script: 'bench:do-not-call', args: ['--numbers', '1000', '--lookups', '100'] },
  {
    script: 'bench:live',
    args: [
      '--window',
      '5',
      '--viewers',
      '10',
      '--calls',
      '1',
      '--latency-calls',
      '5',
      '--idle',
      '10',
      '--across-calls',
      '3',
    ],
  },
  {
    script: 'bench:search',
    args: ['--calls', '10000', '--requests', '20', '--warm-up', '0', '--catch-up-calls', '1000'],
  },
  { script: 'bench:usage', args: ['--calls', '10000', '--requests', '5', '--warm-up', '0'] },
  { script: 'bench:web', args: ['--runs', '1', '--seed', '300', '--calls', '1', '--speed', '20'] },
  { script: 'bench:neighbours', args: ['--calls', '2000', '--seconds', '3', '--search-seconds', '3', '--tabs', '2'] },
  { script: 'bench:memory', args: ['--streams', '5', '--calls', '50', '--settle', '1'] },
]

// bench:audit, bench:cluster, bench:live, bench:neighbours and bench:search run on both stores when PostgreSQL's programs are
// found (their --store's default) and on SQLite alone otherwise, saying why; in CI the PostgreSQL side must run.
const postgres = findPostgresBin()
if ('missing' in postgres && process.env.CI)
  throw new Error(`The benches' PostgreSQL side must run in CI: ${postgres.missing}`)

// A smoke that has not finished by then is as broken as one that failed. Far above the slowest (bench:live: 174 s at
// load 15 here, 570 s in a CI at load 18 on 2026-12-07) and its servers' start limit (START_LIMIT_MS), so only a
// bench that hangs reaches it.
const TIMEOUT_MS = 20 * 60_000

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts
const chosen = process.argv.slice(2)
const unknown = chosen.filter((name) => !SMOKES.some((smoke) => smoke.script === name))
if (unknown.length > 0)
  throw new Error(`No smoke for ${unknown.join(', ')}; known: ${SMOKES.map((s) => s.script).join(', ')}`)
// A bench renamed or removed without its smoke line is a mistake to hear of at once.
const unscripted = SMOKES.filter((smoke) => !scripts[smoke.script]).map((smoke) => smoke.script)
if (unscripted.length > 0) throw new Error(`package.json has no ${unscripted.join(', ')}`)
// And a new bench without a smoke line would rot unseen: every bench:* script needs one.
const unsmoked = Object.keys(scripts).filter(
  (name) => name.startsWith('bench:') && name !== 'bench:smoke' && !SMOKES.some((smoke) => smoke.script === name),
)
if (unsmoked.length > 0) throw new Error(`No smoke line for ${unsmoked.join(', ')}: add one to scripts/bench-smoke.ts`)

const running = new Set<ChildProcess>()
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of running) stop(child)
    process.exit(1)
  })
}

/** The bench and everything it started: it runs in a process group of its own. */
function stop(child: ChildProcess) {
  if (child.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // Already gone.
    }
  }
}

function run({ script, args }: Smoke): Promise<{ ok: boolean; output: string; seconds: number }> {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    running.add(child)
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    const timer = setTimeout(() => {
      output += `\nbench:smoke: stopped after ${TIMEOUT_MS / 1000} s\n`
      stop(child)
    }, TIMEOUT_MS)
    child.once('close', (code) => {
      clearTimeout(timer)
      running.delete(child)
      resolve({ ok: code === 0, output, seconds: (Date.now() - started) / 1000 })
    })
  })
}

// Three lanes, each one bench after another (their CI times on 2026-11-27, in two lanes: bench:live 149 s, about two
// minutes of windows it waits out; bench:web 89 s; bench:search 70 s; the rest 7 to 39 s each). bench:search and
// bench:neighbours share a lane: side by side, their stores seeding at once once ended bench:neighbours silently
// in CI. No figure is read, so a lane slowed by its neighbours only takes longer.
const LANES = [['bench:live'], ['bench:web', 'bench:api', 'bench:cluster']]
const queue = SMOKES.filter((s) => chosen.length === 0 || chosen.includes(s.script))
const inLane = (lane: string[]) => queue.filter((s) => lane.includes(s.script))
const lanes = [...LANES.map(inLane), queue.filter((s) => !LANES.flat().includes(s.script))]
const failed: string[] = []
async function lane(smokes: Smoke[]) {
  for (const smoke of smokes) {
    const command = `npm run ${smoke.script} -- ${smoke.args.join(' ')}`
    const { ok, output, seconds } = await run(smoke)
    console.log(`${ok ? 'ok      ' : 'FAILED  '} ${command} (${seconds.toFixed(1)} s)`)
    if (!ok) {
      failed.push(smoke.script)
      console.log(output.trimEnd().split('\n').slice(-40).join('\n'))
    }
  }
}
await Promise.all(lanes.map(lane))
if (failed.length > 0) {
  console.log(`bench:smoke: ${failed.join(', ')} did not run as shipped`)
  process.exit(1)
}
