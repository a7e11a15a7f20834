// Caller-ID health in words: rates, calls a day and the trend against a caller ID's own history. Pure; in src/api
// beside the contract it reads, shared by /caller-ids and the usage page's breakdown by caller ID.

import { formatNumber } from '@/lib/format'
import { MIN_ENDED_CALLS } from './contract/caller-id-health-flag'
import type { HealthWindow } from './contract/usage-breakdown-schemas'

/** "18%", or "—" when there is nothing to divide. */
export function formatShare(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`
}

/** "18% of 50": the rate with the calls it is of, so a small sample reads as one. */
export function formatAnswered(window: HealthWindow): string {
  if (window.answerRate === null) return 'No ended calls'
  return `${formatShare(window.answerRate)} of ${formatNumber(window.ended)}`
}

/** "2 of 9 answered": short calls, counted among the completed ones. */
export function formatShortCalls(window: HealthWindow): string {
  if (window.shortCallRate === null) return '—'
  const short = Math.round(window.shortCallRate * window.completed)
  return `${formatShare(window.shortCallRate)} (${formatNumber(short)} of ${formatNumber(window.completed)})`
}

/** "12.5", "0.4": one decimal, so a quiet number does not read as 0 a day. */
export function formatCallsPerDay(callsPerDay: number | null): string {
  if (callsPerDay === null) return '—'
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(callsPerDay)
}

export interface HealthTrend {
  /** Null when there is no fair comparison (too few calls either side). */
  direction: 'down' | 'up' | 'level' | null
  /** The arrow alone, for sighted readers; `words` says the same. */
  arrow: '▼' | '▲' | ''
  words: string
}

/**
 * The recent answer rate against the caller ID's previous 50 ended calls, in whole points. A change under
 * one point is level; with fewer than MIN_ENDED_CALLS on either side, no trend is claimed.
 */
export function healthTrend(recent: HealthWindow, previous: HealthWindow): HealthTrend {
  if (previous.ended === 0 || previous.answerRate === null)
    return { direction: null, arrow: '', words: 'No earlier calls to compare' }
  if (recent.ended < MIN_ENDED_CALLS || previous.ended < MIN_ENDED_CALLS || recent.answerRate === null)
    return {
      direction: null,
      arrow: '',
      words: `Too few calls to compare (${formatNumber(recent.ended)} and ${formatNumber(previous.ended)} before)`,
    }
  const points = Math.round(recent.answerRate * 100) - Math.round(previous.answerRate * 100)
  const before = `from ${formatShare(previous.answerRate)} of the ${formatNumber(previous.ended)} before`
  if (points === 0) return { direction: 'level', arrow: '', words: `Level, ${formatShare(previous.answerRate)} before` }
  const size = `${Math.abs(points)} ${Math.abs(points) === 1 ? 'point' : 'points'}`
  return points < 0
    ? { direction: 'down', arrow: '▼', words: `Down ${size} ${before}` }
    : { direction: 'up', arrow: '▲', words: `Up ${size} ${before}` }
}
