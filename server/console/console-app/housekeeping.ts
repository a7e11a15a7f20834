// What every instance clears of the store on a timer: expired sessions, stale sign-in failures, full rate buckets,
// storage origins not named for a week and lapsed claims, every 10 minutes; and the audit trail past its retention,
// at start and daily. And the sessions it keeps in memory and still uses, read again every few seconds.
import type { AuditLog } from '../audit/audit-log'
import { DEFAULT_THROTTLE } from '../auth/sign-in-throttle'
import type { ConsoleConfig } from '../config'
import type { Logger } from '../http/request-log'
import type { ConsoleStore } from '../store'

const SWEEP_EVERY_MS = 10 * 60_000
// Sessions kept in memory and still in use are read again together before they lapse (store/recent-sessions.ts):
// one statement every few seconds, rather than one on a request of each person every RECENT_MS.
const SESSION_REFRESH_EVERY_MS = 5_000
const SESSION_REFRESH_AHEAD_MS = 2 * SESSION_REFRESH_EVERY_MS
const DAY_MS = 24 * 60 * 60_000
const RATE_BUCKET_KEEP_MS = 60 * 60_000
// Signed recording links live for hours; an origin the service has not named for a week is learnt again when it does.
const STORAGE_LINK_KEEP_MS = 7 * DAY_MS

/** Starts the sweeps once the audit's first prune is done; `stop` ends the timers. */
export async function startHousekeeping(
  config: ConsoleConfig,
  store: ConsoleStore,
  audit: AuditLog,
  logger: Logger,
  now: () => number,
): Promise<{ stop: () => void }> {
  const sweep = setInterval(() => {
    store.sessions
      .deleteExpired(Date.now(), config.session.idleMs)
      .catch((error) => logger.error({ msg: 'session sweep failed', error: String(error) }))
    // Failure counts whose window and lock have both passed: a spray of made-up emails leaves no rows behind.
    store.throttle
      .deleteStale(Date.now() - Math.max(DEFAULT_THROTTLE.windowMs, DEFAULT_THROTTLE.lockMs))
      .catch((error) => logger.error({ msg: 'throttle sweep failed', error: String(error) }))
    // Rate buckets refill within 10 minutes at the slowest setting: an hour-old row is a full bucket.
    store.personRates
      .deleteStale(Date.now() - RATE_BUCKET_KEEP_MS)
      .catch((error) => logger.error({ msg: 'rate bucket sweep failed', error: String(error) }))
    store.storageOrigins
      .deleteStale(Date.now() - STORAGE_LINK_KEEP_MS)
      .catch((error) => logger.error({ msg: 'storage origin sweep failed', error: String(error) }))
    store.personClaims
      .deleteLapsed(Date.now())
      .catch((error) => logger.error({ msg: 'claim sweep failed', error: String(error) }))
  }, SWEEP_EVERY_MS)
  sweep.unref()
  const refresh = setInterval(() => {
    store.sessions
      .refreshKept(SESSION_REFRESH_AHEAD_MS)
      .catch((error) => logger.error({ msg: 'session refresh failed', error: String(error) }))
  }, SESSION_REFRESH_EVERY_MS)
  refresh.unref()
  const pruneAudit = () =>
    audit
      .prune(now() - config.auditRetentionDays * DAY_MS)
      .then(({ removed }) => removed > 0 && logger.info({ msg: 'audit entries pruned', removed }))
      .catch((error) => logger.error({ msg: 'audit prune failed', error: String(error) }))
  await pruneAudit()
  const retention = setInterval(pruneAudit, DAY_MS)
  retention.unref()
  return {
    stop: () => {
      clearInterval(sweep)
      clearInterval(refresh)
      clearInterval(retention)
    },
  }
}
