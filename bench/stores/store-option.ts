// `--store sqlite|postgres|both` for the benchmarks that measure the console's store. Left out, it is both
// when PostgreSQL's server programs are on this machine, else SQLite alone with the reason printed: a
// developer without PostgreSQL still runs every bench, and CI (which installs it) runs both.
import { findPostgresBin } from '../../server/console/test-support/postgres-cluster'

export type BenchStore = 'sqlite' | 'postgres'
const CHOICES = ['sqlite', 'postgres', 'both'] as const

export const STORE_NAMES: Record<BenchStore, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' }

/** The stores to run on, in the report's order; says why PostgreSQL is left out when it was not asked for. */
export function storeOption(value: string | undefined, log: (line: string) => void): BenchStore[] {
  if (value !== undefined && !(CHOICES as readonly string[]).includes(value))
    throw new Error(`--store takes ${CHOICES.join(', ')}, not ${value}`)
  const found = findPostgresBin()
  if (value === undefined && 'missing' in found) {
    log(`--store sqlite: PostgreSQL is left out (${found.missing}); --store both asks for it`)
    return ['sqlite']
  }
  const chosen = value ?? 'both'
  if (chosen !== 'sqlite' && 'missing' in found) throw new Error(`--store ${chosen}: ${found.missing}`)
  return chosen === 'both' ? ['sqlite', 'postgres'] : [chosen as BenchStore]
}
