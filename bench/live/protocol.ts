// What the live bench and its console child (console-process.ts) share: the person the bench
// signs in as, and the probe messages over the IPC channel.
import type { Role } from '../../src/api/contract/console-schemas'

export const BENCH_EMAIL = 'live-bench@example.com'
export const BENCH_PASSWORD = 'live-bench-password-not-secret'
/** The least role that may watch calls: an agent's. */
export const BENCH_ROLE: Role = 'support'

export interface Probe {
  id: number
  /** Collect garbage (twice) before measuring. */
  gc: boolean
}

export interface ProbeAnswer {
  id: number
  memory: NodeJS.MemoryUsage
  /** process.cpuUsage(): user and system µs since the console started. */
  cpu: NodeJS.CpuUsage
}
