// Runs the simulator as its own process (as `npm run sim` does, built: scripts/build-simulator.ts), so a test
// can kill it with SIGKILL and check what a crash leaves behind.
import { type BuiltSimulatorChild, startBuiltSimulator } from '../../../scripts/build-simulator'

export type ChildSimulator = BuiltSimulatorChild

export function spawnSimulator(env: Record<string, string>, timeoutMs = 15_000): Promise<ChildSimulator> {
  return startBuiltSimulator(env, timeoutMs)
}
