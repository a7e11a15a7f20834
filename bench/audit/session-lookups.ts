// Session lookups a second on one store: the console's own lookup (auth/sessions.ts resolve: the token's
// hash, the session joined to its person, expiry checks), which every signed-in request makes, by 1 caller and
// by several at once. Beside it the floor, measured in the same run on the same store and pool: `select 1`,
// the cheapest round trip the store can make. The ratio says what the lookup costs above the round trip,
// whatever the machine's load.
import { sql } from 'kysely'
import { createSessionService } from '../../server/console/auth/sessions'
import { loadConsoleConfig } from '../../server/console/config'
import type { ConsoleStore } from '../../server/console/store'

/** Signed-in people whose sessions are looked up in turn: more than the store's cache of any one row. */
const SESSIONS = 1_000

export interface LookupRate {
  callers: number
  lookupsPerSecond: number
  floorPerSecond: number
}

async function perSecond(callers: number, total: number, work: (n: number) => Promise<unknown>): Promise<number> {
  const each = Math.max(1, Math.floor(total / callers))
  const started = performance.now()
  await Promise.all(
    Array.from({ length: callers }, async (_, caller) => {
      for (let n = 0; n < each; n++) await work(caller * each + n)
    }),
  )
  return (each * callers) / ((performance.now() - started) / 1000)
}

export async function measureSessionLookups(
  store: ConsoleStore,
  lookups: number,
  callerCounts: number[],
): Promise<LookupRate[]> {
  const sessions = createSessionService(store, loadConsoleConfig({}).session, Date.now)
  const user = await store.users.add({
    email: 'lookups@audit-bench.test',
    role: 'support',
    passwordHash: 'not-used',
    now: Date.now(),
  })
  const tokens: string[] = []
  for (let n = 0; n < SESSIONS; n++) tokens.push((await sessions.start(user.id)).token)
  const lookup = async (n: number) => {
    if (!(await sessions.resolve(tokens[n % SESSIONS]))) throw new Error('a live session was not found')
  }
  const one = sql`select 1`.compile(store.db)
  const roundTrip = (_: number) => store.db.executeQuery(one)
  // Untimed: compiled code, the pool's connections, the rows in the cache.
  await perSecond(4, Math.min(lookups, SESSIONS), lookup)
  const rates: LookupRate[] = []
  for (const callers of callerCounts) {
    const floorPerSecond = await perSecond(callers, lookups, roundTrip)
    const lookupsPerSecond = await perSecond(callers, lookups, lookup)
    rates.push({ callers, lookupsPerSecond, floorPerSecond })
  }
  return rates
}
