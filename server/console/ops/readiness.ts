// Whether this instance should get traffic: its store answers (within a short time), every migration this
// build knows is applied, it can save (once a write was refused, until a probe write succeeds), and it is not draining. One check at a time: probes that arrive while one runs
// share its answer, so a store that hangs never piles up connections from the probes.
import { sql } from 'kysely'
import type { ConsoleStore } from '../store'
import { migrationProviderFor } from '../store/migrations'
import type { DrainState } from './drain'

// Under a load balancer's usual probe timeout (2 to 5 s), so the probe gets our answer, not its own timeout.
const READINESS_STORE_TIMEOUT_MS = 1_500

export type StoreCheck = 'ok' | 'unreachable' | 'timeout' | 'migrations-pending' | 'unwritable'

/** `missing`: the dashboard's build (DASHBOARD_DIST, or dist/) has no index.html, so people would get no page. */
export type DashboardCheck = 'ok' | 'missing'

export interface Readiness {
  ready: boolean
  store: StoreCheck
  dashboard: DashboardCheck
  draining: boolean
}

export function createReadiness(
  store: ConsoleStore,
  drain: DrainState,
  dashboard: () => DashboardCheck = () => 'ok',
  timeoutMs = READINESS_STORE_TIMEOUT_MS,
) {
  const known = migrationProviderFor(store.adapter)
    .getMigrations()
    .then((migrations) => Object.keys(migrations))
  let running: Promise<StoreCheck> | null = null

  async function checkStore(): Promise<StoreCheck> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<StoreCheck>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs)
    })
    // Reaching the store and reading the migrations applied is one query: both facts at the cost of a `select 1`.
    const query = sql<{ name: string }>`select name from kysely_migration`
      .execute(store.db)
      .then(async ({ rows }): Promise<StoreCheck> => {
        const applied = new Set(rows.map((row) => row.name))
        if (!(await known).every((name) => applied.has(name))) return 'migrations-pending'
        // Only after a write was refused (disk full, read-only): a probe write then, until one succeeds.
        return (await store.writeHealth.writable()) ? 'ok' : 'unwritable'
      })
      .catch((): StoreCheck => 'unreachable')
    try {
      return await Promise.race([query, timeout])
    } finally {
      clearTimeout(timer)
    }
  }

  return async (): Promise<Readiness> => {
    running ??= checkStore().finally(() => {
      running = null
    })
    const storeCheck = await running
    const draining = drain.draining()
    const dashboardCheck = dashboard()
    return {
      ready: storeCheck === 'ok' && dashboardCheck === 'ok' && !draining,
      store: storeCheck,
      dashboard: dashboardCheck,
      draining,
    }
  }
}
