// Runs the simulator as its own process (as `npm run sim` does, built: scripts/build-simulator.ts), so a test
// can kill it with SIGKILL and check what a crash leaves behind.
import { type ChildProcess, spawn } from 'node:child_process'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { builtSimulator } from '../../../scripts/build-simulator'

// A string, not a URL object: under jsdom the global URL is not Node's, which fileURLToPath refuses.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

export interface ChildSimulator {
  url: string
  process: ChildProcess
  kill(signal: NodeJS.Signals): Promise<void>
}

export async function spawnSimulator(env: Record<string, string>, timeoutMs = 15_000): Promise<ChildSimulator> {
  const child = spawn(process.execPath, [await builtSimulator()], {
    cwd: ROOT,
    env: { ...process.env, VOICE_SIM_PORT: '0', VOICE_SIM_LOG: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => {
      void kill('SIGKILL')
      reject(new Error(`simulator did not start in ${timeoutMs} ms:\n${output}`))
    }, timeoutMs)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/[^\s/]+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve({ url: match[1], process: child, kill })
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`simulator exited with ${code} before listening:\n${output}`))
    })
  })
}
