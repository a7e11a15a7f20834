// The simulator as one plain JavaScript file, for the tests that start it as a process of its own, again and
// again (the crash test restarts it 51 times, the console's tests start one per file): plain node starts it in
// about half of tsx's time (350 against 750 ms on an idle machine, most of it CPU), with the same esbuild that
// tsx compiles with. Built once per test process, under node_modules so that its packages resolve from it, and
// removed when that process exits (or, when it was killed, by the next build). startBuiltSimulator runs it.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { NODE_BUNDLE } from './build-server'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const DIR = join(ROOT, 'node_modules/.cache/built-simulator')

function running(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Builds left by processes that were killed before they could remove theirs. */
function removeLeftovers() {
  for (const name of existsSync(DIR) ? readdirSync(DIR) : []) {
    if (!running(Number.parseInt(name, 10))) rmSync(join(DIR, name), { force: true })
  }
}

let built: Promise<string> | null = null

/** The path of this process's build of server/simulator/index.ts, built on first use. */
function builtSimulator(): Promise<string> {
  built ??= (async () => {
    removeLeftovers()
    const outfile = join(DIR, `${process.pid}.mjs`)
    process.once('exit', () => rmSync(outfile, { force: true }))
    await build({
      entryPoints: [join(ROOT, 'server/simulator/index.ts')],
      outfile,
      ...NODE_BUNDLE,
    })
    return outfile
  })()
  return built
}

export interface BuiltSimulatorChild {
  /** e.g. http://127.0.0.1:40123, without the API prefix. */
  url: string
  process: ChildProcess
  /** Sends the signal (unless it has exited) and waits for the exit. */
  kill(signal: NodeJS.Signals): Promise<void>
}

/** Starts this process's build on a free port, quiet unless `env` says otherwise; resolves once it listens. */
export async function startBuiltSimulator(
  env: Record<string, string>,
  timeoutMs: number,
): Promise<BuiltSimulatorChild> {
  const child = spawn(process.execPath, [await builtSimulator()], {
    cwd: ROOT,
    env: { ...process.env, VOICE_SIM_PORT: '0', VOICE_SIM_LOG: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  return new Promise((resolveStarted, reject) => {
    let output = ''
    const timer = setTimeout(() => {
      void kill('SIGKILL')
      reject(new Error(`the simulator did not start in ${timeoutMs} ms:\n${output}`))
    }, timeoutMs)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/[^\s/]+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolveStarted({ url: match[1], process: child, kill })
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the simulator exited with ${code} before listening:\n${output}`))
    })
  })
}
