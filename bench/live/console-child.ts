// Starts the console server as its own process (console-process.ts) in front of an upstream, signs
// the bench's person in, and asks the console for its memory and CPU time.
import { type ChildProcess, spawn } from 'node:child_process'
import { request } from 'node:http'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../server/console/test-support/free-port'
import { CONSOLE_PREFIX, CSRF_HEADER, CSRF_HEADER_VALUE } from '../../src/api/contract/console-schemas'
import { START_LIMIT_MS } from '../child'
import { BENCH_EMAIL, BENCH_PASSWORD, type ProbeAnswer } from './protocol'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
/** The most streams the bench holds open on one console at once: 1,000 idle ones and a few more. */
const BENCH_STREAMS = 1_100

export interface ConsoleChild {
  url: string
  /** The session cookie (`name=value`) of the bench's person. */
  cookie: string
  process: ChildProcess
  /** Memory (after a full collection when `gc`) and CPU time, measured inside the console. */
  probe(gc: boolean): Promise<ProbeAnswer>
  stop(): Promise<void>
}

export interface ConsoleChildOptions {
  /** The voice API as the console sees it (here: a counting proxy). */
  upstream: string
  apiKey: string
  /** A folder of the bench's own, for the console's database. */
  dir: string
  name: string
  /** Settings over the defaults, e.g. CONSOLE_UPSTREAM_RPS. */
  env?: Record<string, string>
  /** A folder for the console's V8 CPU profile (node --cpu-prof), written when it stops. */
  profileDir?: string
}

export async function startConsoleChild(
  options: ConsoleChildOptions,
  timeoutMs = START_LIMIT_MS,
): Promise<ConsoleChild> {
  const port = await freePort()
  const profile = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : []
  const child = spawn(
    process.execPath,
    ['--expose-gc', ...profile, '--import', 'tsx', 'bench/live/console-process.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        CONSOLE_DB: join(options.dir, `${options.name}.sqlite`),
        // Nothing is built: the bench reads the API only.
        DASHBOARD_DIST: join(options.dir, 'no-dist'),
        CONSOLE_LOG: 'off',
        // Calls at any hour: the bench measures the console, not the callee's calling hours.
        CONSOLE_CALLING_HOURS: '00:00-24:00',
        CONSOLE_USER_RATE_LIMIT: '1000000',
        // Every viewer's stream is a socket from loopback: the per-address cap (100) would stop the bench.
        CONSOLE_MAX_CONNECTIONS_PER_ADDRESS: '1000',
        CONSOLE_QUERY_RATE_LIMIT: '1000000',
        // Every stream is the one bench person's: the console's caps on streams, in all and per person, are set for
        // the bench's load (the idle phase's 1,000 and the warm-up's) rather than a production's.
        CONSOLE_LIVE_MAX_STREAMS: String(BENCH_STREAMS),
        CONSOLE_LIVE_STREAMS_PER_PERSON: String(BENCH_STREAMS),
        CONSOLE_LIVE_WATCHED_PER_PERSON: '5000',
        VOICE_API_BASE_URL: options.upstream,
        VOICE_API_KEY: options.apiKey,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  )
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }
  try {
    const url = await new Promise<string>((resolveUrl, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`console ${options.name} did not start in ${timeoutMs} ms`)),
        timeoutMs,
      )
      let output = ''
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
        if (!match?.[1]) return
        clearTimeout(timer)
        resolveUrl(match[1])
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`console ${options.name} exited with ${code} before listening:\n${output}`))
      })
    })
    const cookie = await signIn(url)
    let nextId = 0
    const waiting = new Map<number, (answer: ProbeAnswer) => void>()
    child.on('message', (answer: ProbeAnswer) => {
      waiting.get(answer.id)?.(answer)
      waiting.delete(answer.id)
    })
    const probe = (gc: boolean) =>
      new Promise<ProbeAnswer>((resolveProbe, reject) => {
        const id = ++nextId
        const timer = setTimeout(() => {
          waiting.delete(id)
          reject(new Error(`console ${options.name} did not answer a probe`))
        }, 10_000)
        waiting.set(id, (answer) => {
          clearTimeout(timer)
          resolveProbe(answer)
        })
        child.send({ id, gc })
      })
    return { url, cookie, process: child, probe, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** Signs in as the sign-in page does, on a connection of its own that is closed afterwards. */
function signIn(url: string): Promise<string> {
  const body = JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD })
  return new Promise((resolveCookie, reject) => {
    const req = request(
      `${url}${CONSOLE_PREFIX}/sign-in`,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          [CSRF_HEADER]: CSRF_HEADER_VALUE,
          connection: 'close',
        },
        timeout: 10_000,
      },
      (res) => {
        res.resume()
        const pair = (res.headers['set-cookie'] ?? [])
          .map((line) => line.split(';')[0] ?? '')
          .find((p) => /vd_session=./.test(p))
        if (res.statusCode === 200 && pair) resolveCookie(pair)
        else reject(new Error(`signing in answered ${res.statusCode}`))
      },
    )
    req.on('timeout', () => req.destroy(new Error('signing in timed out')))
    req.on('error', reject)
    req.end(body)
  })
}
