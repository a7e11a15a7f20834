// One console instance as its own process, as `npm run serve` runs it (server/console/index.ts): for the
// tests that kill, stop and restart instances. It keeps its port across restarts, since the load
// balancer names it; its log lines (JSON) are appended to one file over all its lives.
import { type ChildProcess, spawn } from 'node:child_process'
import { appendFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

export interface ConsoleProcess {
  port: number
  /** The running process's id (for its CPU and memory in /proc), or null. */
  readonly pid: number | null
  /** Whether a process is running now. */
  readonly running: boolean
  start(): Promise<void>
  /** SIGKILL: no goodbye, as a crash or an OOM kill. */
  kill(): Promise<void>
  /** SIGTERM, as an orchestrator stops it, and waits for it to exit (SIGKILL after `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>
}

export function consoleProcess(options: {
  port: number
  env: Record<string, string>
  logFile: string
  startTimeoutMs?: number
  /** What node runs: the TypeScript source through tsx unless a built file is named (scripts/build-server.ts). */
  entry?: string[]
}): ConsoleProcess {
  let child: ChildProcess | null = null
  let exited: Promise<void> = Promise.resolve()
  const alive = () => child !== null && child.exitCode === null && child.signalCode === null

  /** Ready as a load balancer's probe sees it: /readyz says the store answers and migrations are done. */
  const ready = async (timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      const res = await fetch(`http://127.0.0.1:${options.port}/readyz`).catch(() => null)
      if (res?.status === 200) return
      await new Promise((done) => setTimeout(done, 100))
    }
    throw new Error(`console instance on ${options.port} was not ready within ${timeoutMs} ms`)
  }

  const listening = () =>
    new Promise<void>((resolvePromise, reject) => {
      if (alive()) return resolvePromise()
      const proc = spawn(process.execPath, options.entry ?? ['--import', 'tsx', 'server/console/index.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          // Calls at any hour unless a test says otherwise: its placements must not meet the callee's calling
          // hours (placement-crash.test.ts failed from 00:00 to 16:00 UTC, night or early morning in California).
          CONSOLE_CALLING_HOURS: '00:00-24:00',
          ...options.env,
          PORT: String(options.port),
          HOST: '127.0.0.1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      child = proc
      exited = new Promise<void>((done) => proc.once('exit', () => done()))
      let output = ''
      const timer = setTimeout(() => {
        proc.kill('SIGKILL')
        reject(new Error(`console instance on ${options.port} did not start:\n${output.slice(-2_000)}`))
      }, options.startTimeoutMs ?? 60_000)
      const onData = (chunk: Buffer) => {
        const text = chunk.toString()
        appendFileSync(options.logFile, text)
        if (output.length < 20_000) output += text
        if (/listening on http:\/\//.test(output)) {
          clearTimeout(timer)
          resolvePromise()
        }
      }
      proc.stdout?.on('data', onData)
      proc.stderr?.on('data', onData)
      proc.once('exit', (code, signal) => {
        clearTimeout(timer)
        reject(new Error(`console instance on ${options.port} exited (${code ?? signal}):\n${output.slice(-2_000)}`))
      })
    })

  const signal = async (name: NodeJS.Signals, timeoutMs: number) => {
    if (!alive()) return
    child?.kill(name)
    const timer = setTimeout(() => child?.kill('SIGKILL'), timeoutMs)
    await exited
    clearTimeout(timer)
  }

  return {
    port: options.port,
    get running() {
      return alive()
    },
    get pid() {
      return alive() ? (child?.pid ?? null) : null
    },
    start: async () => {
      await listening()
      await ready()
    },
    kill: () => signal('SIGKILL', 5_000),
    stop: (timeoutMs = 30_000) => signal('SIGTERM', timeoutMs),
  }
}
