// The simulator of the journeys in e2e/own-simulator/: a child process the journey starts, stops and slows, on the
// fixed port the console in front of it was started with (ownSimAppEnv), and on a database file, so that it comes
// back holding the calls it had. The suite's shared simulator is a webServer the other specs use: never stopped.
import { rmSync } from 'node:fs'
import {
  type SimulatorProcess,
  simulatorGet,
  startSimulatorProcess,
} from '../../server/console/test-support/simulator-process'
import { ports, simulatorEnv } from './servers'

const DB = `node_modules/.cache/e2e-own-sim-${ports.ownSim}.sqlite`

/** A new database for the next start: a run never meets the calls of the one before. */
export function forgetOwnSimulatorCalls(): void {
  for (const file of [DB, `${DB}-wal`, `${DB}-shm`]) rmSync(file, { force: true })
}

/** `env`: more of the simulator's settings, e.g. VOICE_SIM_FAULT_LATENCY_MS for a slow service. */
export function startOwnSimulator(env: Record<string, string> = {}): Promise<SimulatorProcess> {
  return startSimulatorProcess(
    {
      ...simulatorEnv({ port: ports.ownSim, appPort: ports.ownApp, seedCalls: 20 }),
      VOICE_SIM_DB: DB,
      ...env,
    },
    30_000,
  )
}

/**
 * The ids of the calls to `destination` created since `since` (ISO), asked of the service directly: what was
 * placed, whatever a page says. The seeded calls are all older.
 */
export async function callsTo(sim: SimulatorProcess, destination: string, since: string): Promise<string[]> {
  const query = new URLSearchParams({ from_date: since, limit: '100' })
  const { calls } = await simulatorGet<{ calls: { call_id: string; destination: string }[] }>(sim, `/calls?${query}`)
  return calls.filter((call) => call.destination === destination).map((call) => call.call_id)
}
