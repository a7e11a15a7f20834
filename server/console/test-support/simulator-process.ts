// The real simulator, as its own process (built: scripts/build-simulator.ts): server/console may not import
// server/simulator (a dependency rule), and talking to it over HTTP is what the console does in production anyway.
import type { ChildProcess } from 'node:child_process'
import { startBuiltSimulator } from '../../../scripts/build-simulator'

// The simulator's public demo key of the Acme account (server/simulator/demo-keys.ts), spelled
// out because that module is the simulator's and the console must not import it.
export const ACME_KEY = 'sim_demo_key_acme'

export interface SimulatorProcess {
  /** e.g. http://127.0.0.1:40123, without the API prefix. */
  url: string
  /** The Acme account's key in this simulator. */
  key: string
  process: ChildProcess
  stop(): Promise<void>
}

export async function startSimulatorProcess(
  env: Record<string, string> = {},
  timeoutMs = 20_000,
): Promise<SimulatorProcess> {
  const child = await startBuiltSimulator(
    {
      VOICE_SIM_HOST: '127.0.0.1',
      VOICE_SIM_DB: ':memory:',
      VOICE_SIM_SEED_CALLS: '20',
      VOICE_SIM_SPEED: '50',
      // A test's fetch may reuse a connection at the moment the simulator closes it after 5 s idle, and fail with
      // "other side closed" (evaluator.test in a fresh-clone CI at load 18); a minute idle is rare in a test.
      VOICE_SIM_KEEP_ALIVE_TIMEOUT_MS: '60000',
      ...env,
    },
    timeoutMs,
  )
  return {
    url: child.url,
    key: env.VOICE_SIM_ACME_KEY ?? ACME_KEY,
    process: child.process,
    stop: () => child.kill('SIGTERM'),
  }
}

/** A request straight to the simulator with the Acme key: what the upstream holds, not what the console says. */
export async function simulatorGet<T>(sim: SimulatorProcess, path: string): Promise<T> {
  const res = await fetch(`${sim.url}/api/v1/voice${path}`, { headers: { authorization: `Bearer ${sim.key}` } })
  if (!res.ok) throw new Error(`simulator ${path} answered ${res.status}: ${await res.text()}`)
  return (await res.json()) as T
}

/** How many calls and caller IDs the Acme account has: a write that got through changes one of them. */
export async function upstreamCounts(sim: SimulatorProcess): Promise<{ calls: number; callerIds: number }> {
  const calls = await simulatorGet<{ calls: unknown[] }>(sim, '/calls?limit=100')
  const callerIds = await simulatorGet<{ caller_ids: unknown[] }>(sim, '/caller-ids')
  return { calls: calls.calls.length, callerIds: callerIds.caller_ids.length }
}
