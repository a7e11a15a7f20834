// Every caller ID's health, as GET /caller-ids/health answers it, and the flagged ones alone for the alerts'
// evaluator. Reads the call index (store/caller-id-health.ts), counts with health-windows.ts, judges with
// health-flag.ts.
import type { IndexState } from '../../../src/api/contract/call-index-schemas'
import { healthFlag } from '../../../src/api/contract/caller-id-health-flag'
import {
  type CallerIdHealth,
  type CallerIdHealthResponse,
  HEALTH_WINDOW_CALLS,
  type HealthWindow,
  SHORT_CALL_SECONDS,
} from '../../../src/api/contract/usage-breakdown-schemas'
import type { ConsoleStore } from '../store'
import type { HealthPeriod, PeriodCounts } from '../store/caller-id-health'
import { accountWindow, callsPerDay, windowsOf } from './health-windows'

/** More caller IDs than an account verifies in practice; past it the health lists the first ones in number order. */
export const MAX_CALLER_IDS = 200

const isoTime = (ms: number) => new Date(ms).toISOString()

function periodWindow(counts: PeriodCounts | undefined): HealthWindow {
  if (!counts) return { ended: 0, completed: 0, answerRate: null, shortCallRate: null, from: null, to: null }
  return {
    ended: counts.ended,
    completed: counts.completed,
    answerRate: counts.ended === 0 ? null : counts.completed / counts.ended,
    shortCallRate: counts.completed === 0 ? null : counts.short / counts.completed,
    from: isoTime(counts.from),
    to: isoTime(counts.to),
  }
}

/** Each caller ID with ended calls, flagged first, then in number order; and the account's window. */
async function healthOf(store: ConsoleStore, period: HealthPeriod | null) {
  // A call the service gave no caller ID has no number to judge.
  const numbers = (await store.callerIdHealth.callerIds(MAX_CALLER_IDS + 1)).filter((number) => number !== '')
  // One caller ID at a time: each read is a short seek, and the readers' queue stays free for everyone else.
  const windows: { caller_id: string; recent: HealthWindow; previous: HealthWindow }[] = []
  for (const number of numbers.slice(0, MAX_CALLER_IDS)) {
    const calls = await store.callerIdHealth.newestEnded(number, 2 * HEALTH_WINDOW_CALLS)
    if (calls.length > 0) windows.push({ caller_id: number, ...windowsOf(calls) })
  }
  const account = accountWindow(windows.map((window) => window.recent))
  const inPeriod = period
    ? new Map((await store.callerIdHealth.periodCounts(period, SHORT_CALL_SECONDS)).map((row) => [row.caller_id, row]))
    : null
  const callerIds: CallerIdHealth[] = windows.map((window) => ({
    ...window,
    period: inPeriod ? periodWindow(inPeriod.get(window.caller_id)) : null,
    callsPerDay: callsPerDay(window.recent),
    flag: healthFlag({ ...window, account }),
  }))
  callerIds.sort((a, b) => Number(b.flag !== null) - Number(a.flag !== null))
  return { callerIds, account }
}

export async function readCallerIdHealth(
  store: ConsoleStore,
  indexState: () => Promise<IndexState>,
  period: HealthPeriod | null,
): Promise<CallerIdHealthResponse> {
  const { callerIds, account } = await healthOf(store, period)
  const [leftOut, state] = await Promise.all([store.callerIdHealth.leftOut(period), indexState()])
  return {
    callerIds,
    account,
    coverage: { ...leftOut, listingComplete: state.listingComplete, syncedTo: state.syncedTo },
  }
}

/**
 * The caller IDs flagged "answered less than usual" now, with the flag's reason: what an alert rule of the
 * kind `caller-id-answered-less` fires on (once per period and caller ID; the store's constraint sees to that).
 */
export async function readFlaggedCallerIds(store: ConsoleStore): Promise<{ callerId: string; reason: string }[]> {
  const { callerIds } = await healthOf(store, null)
  return callerIds.flatMap((health) =>
    health.flag ? [{ callerId: health.caller_id, reason: health.flag.reason }] : [],
  )
}
