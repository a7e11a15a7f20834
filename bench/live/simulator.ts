// The simulator as the live bench uses it: its own process and SQLite file (so each call's stored plan
// can be read, as bench:web does), calls placed straight at it with the Acme key, and the plan of each.
import { join } from 'node:path'
import Database from 'better-sqlite3'
import {
  type SimulatorProcess,
  simulatorGet,
  startSimulatorProcess,
} from '../../server/console/test-support/simulator-process'
import { createCallQueries } from '../../server/simulator/db/call-queries'
import { planOf } from '../../server/simulator/routes/call-views'
import { API_PREFIX, type CreateCallResponse } from '../../src/api/contract/schemas'
import { START_LIMIT_MS } from '../child'
import type { StoredPlan } from './transitions'

export interface BenchSimulator {
  sim: SimulatorProcess
  speed: number
  /** The Acme account's verified caller ID. */
  callerId: string
  place(destination: string): Promise<string>
  planOf(callId: string): StoredPlan
  stop(): Promise<void>
}

export async function startBenchSimulator(dir: string, name: string, speed: number): Promise<BenchSimulator> {
  const dbPath = join(dir, `${name}.sqlite`)
  const sim = await startSimulatorProcess(
    {
      VOICE_SIM_DB: dbPath,
      VOICE_SIM_SPEED: String(speed),
      VOICE_SIM_SEED_CALLS: '0',
      // The bench measures the console's own budget, not the simulator's limit per key.
      VOICE_SIM_RATE_LIMIT: '1000000000',
    },
    START_LIMIT_MS,
  )
  let db: Database.Database | null = null
  try {
    const { caller_ids } = await simulatorGet<{ caller_ids: { phone_number: string; verification_status: string }[] }>(
      sim,
      '/caller-ids',
    )
    const callerId = caller_ids.find((c) => c.verification_status === 'VERIFIED')?.phone_number
    if (!callerId) throw new Error('the Acme account has no verified caller ID')
    const reader = new Database(dbPath, { readonly: true, fileMustExist: true })
    db = reader
    const queries = createCallQueries(reader)
    return {
      sim,
      speed,
      callerId,
      async place(destination) {
        const res = await fetch(`${sim.url}${API_PREFIX}/calls`, {
          method: 'POST',
          headers: { authorization: `Bearer ${sim.key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ caller_id: callerId, destination }),
          signal: AbortSignal.timeout(10_000),
        })
        if (res.status !== 201) throw new Error(`placing a call answered ${res.status}: ${await res.text()}`)
        return ((await res.json()) as CreateCallResponse).call_id
      },
      planOf(callId) {
        const row = queries.findStateAnyAccount(callId)
        if (!row) throw new Error(`call ${callId} is not in the simulator's database`)
        return planOf(row)
      },
      async stop() {
        reader.close()
        await sim.stop()
      },
    }
  } catch (error) {
    db?.close()
    await sim.stop()
    throw error
  }
}
