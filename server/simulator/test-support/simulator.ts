// Starts the real simulator for a test file: random port, in-memory database,
// a fast clock and no logs, so each file owns an independent server.
import { startSimulator } from '../simulator'

export type SimulatorOptions = NonNullable<Parameters<typeof startSimulator>[0]>
export type TestSimulator = Awaited<ReturnType<typeof startSimulator>>

const TEST_DEFAULTS = {
  port: 0,
  host: '127.0.0.1',
  db: ':memory:',
  speed: 100,
  seedCalls: 60,
  log: 'off',
} satisfies SimulatorOptions

export function startTestSimulator(overrides: SimulatorOptions = {}): Promise<TestSimulator> {
  return startSimulator({ ...TEST_DEFAULTS, ...overrides })
}

/** A clock the test moves by hand, so every state of a call can be observed on purpose. */
export class FakeClock {
  private current: number

  constructor(start: string | number = '2026-11-15T12:00:00Z') {
    this.current = typeof start === 'number' ? start : Date.parse(start)
  }

  readonly now = (): number => this.current

  advance(ms: number): number {
    this.current += ms
    return this.current
  }

  iso(): string {
    return new Date(this.current).toISOString()
  }
}
