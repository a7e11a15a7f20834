// Runs the simulator as its own process (as `npm run sim` does, built: scripts/build-simulator.ts), so a test
// can kill it with SIGKILL and check what a crash leaves behind.
import { type BuiltSimulatorChild, startBuiltSimulator } from '../../../scripts/build-simulator'

export type ChildSimulator = BuiltSimulatorChild

// The bound waits on the simulator's "listening" line, not on a speed: a start takes under a second on a quiet
// machine and was seen past 15 s beside CI's other work, so the bound is sized for a loaded machine.
export function spawnSimulator(env: Record<string, string>, timeoutMs = 60_000): Promise<ChildSimulator> {
  return startBuiltSimulator(env, timeoutMs)
}
