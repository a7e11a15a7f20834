// A caller ID's ended calls, newest first, cut into the contract's windows: its newest HEALTH_WINDOW_CALLS
// (recent) and the HEALTH_WINDOW_CALLS before them (previous), and the account's window over every recent
// one. Pure: the store reads the calls, this counts them.
import {
  HEALTH_WINDOW_CALLS,
  type HealthWindow,
  SHORT_CALL_SECONDS,
} from '../../../src/api/contract/usage-breakdown-schemas'
import type { EndedCall } from '../store/caller-id-health'

const DAY_MS = 24 * 60 * 60_000
const COMPLETED = 'DIALER_COMPLETED'

const isoTime = (ms: number) => new Date(ms).toISOString()

/** Counts of a set of ended calls, in any order. */
export function windowOf(calls: readonly EndedCall[]): HealthWindow {
  const completed = calls.filter((call) => call.status === COMPLETED)
  // A completed call without a duration is not known to be short: it counts as completed, not as short.
  const short = completed.filter((call) => call.duration_seconds !== null && call.duration_seconds < SHORT_CALL_SECONDS)
  const times = calls.map((call) => call.created_at)
  return {
    ended: calls.length,
    completed: completed.length,
    answerRate: calls.length === 0 ? null : completed.length / calls.length,
    shortCallRate: completed.length === 0 ? null : short.length / completed.length,
    from: times.length === 0 ? null : isoTime(Math.min(...times)),
    to: times.length === 0 ? null : isoTime(Math.max(...times)),
  }
}

/** The recent and previous windows of one caller ID's ended calls, newest first (as many as the store read). */
export function windowsOf(newestFirst: readonly EndedCall[]): { recent: HealthWindow; previous: HealthWindow } {
  return {
    recent: windowOf(newestFirst.slice(0, HEALTH_WINDOW_CALLS)),
    previous: windowOf(newestFirst.slice(HEALTH_WINDOW_CALLS, 2 * HEALTH_WINDOW_CALLS)),
  }
}

/**
 * Ended calls a day over the window's span, from its oldest call to its newest. A span under a day counts as
 * a day (a morning's 30 calls are 30 a day, not 700); null with fewer than two calls, which span nothing.
 */
export function callsPerDay(window: HealthWindow): number | null {
  if (window.ended < 2 || window.from === null || window.to === null) return null
  const days = Math.max(1, (Date.parse(window.to) - Date.parse(window.from)) / DAY_MS)
  return window.ended / days
}

/** The account's window: every caller ID's recent window added together. */
export function accountWindow(recents: readonly HealthWindow[]): HealthWindow {
  let ended = 0
  let completed = 0
  let short = 0
  let from: string | null = null
  let to: string | null = null
  for (const window of recents) {
    ended += window.ended
    completed += window.completed
    short += Math.round((window.shortCallRate ?? 0) * window.completed)
    if (window.from !== null && (from === null || window.from < from)) from = window.from
    if (window.to !== null && (to === null || window.to > to)) to = window.to
  }
  return {
    ended,
    completed,
    answerRate: ended === 0 ? null : completed / ended,
    shortCallRate: completed === 0 ? null : short / completed,
    from,
    to,
  }
}
