// "Answered less than usual": whether a caller ID's recent answer rate fell well below its own history or
// the account's. Pure. The thresholds, and why:
// - MIN_ENDED_CALLS (20) ended calls in the recent window before any verdict: at 20 calls a rate's standard
//   error is about 11 points, so a smaller sample flags noise. The previous window needs as many to count.
// - Against its own history: the recent rate under OWN_HISTORY_RATIO (0.6) of the previous one AND at least
//   MIN_DROP_POINTS (15) points lower: 65% -> 38% flags, 10% -> 5% (a tiny absolute change) does not.
// - Against the account: at least ACCOUNT_GAP_POINTS (25) points under the account's rate over the same
//   recent windows (about two standard errors at 20 calls): a number the others' callers answer and its don't.
import type { HealthWindow } from './usage-breakdown-schemas'

export const MIN_ENDED_CALLS = 20
export const OWN_HISTORY_RATIO = 0.6
export const MIN_DROP_POINTS = 15
export const ACCOUNT_GAP_POINTS = 25

export interface HealthFlag {
  kind: 'answered-less'
  reason: string
}

/** A rate as a whole percentage, the way the reason and the page write it. */
export const percent = (rate: number) => `${Math.round(rate * 100)}%`

const points = (rate: number) => rate * 100

/** Whether the caller ID's own previous window is enough to compare with. */
const hasHistory = (previous: HealthWindow) => previous.ended >= MIN_ENDED_CALLS && previous.answerRate !== null

export function healthFlag(windows: {
  recent: HealthWindow
  previous: HealthWindow
  account: HealthWindow
}): HealthFlag | null {
  const { recent, previous, account } = windows
  if (recent.ended < MIN_ENDED_CALLS || recent.answerRate === null) return null
  const rate = recent.answerRate
  const belowHistory =
    hasHistory(previous) &&
    previous.answerRate !== null &&
    rate < OWN_HISTORY_RATIO * previous.answerRate &&
    points(previous.answerRate) - points(rate) >= MIN_DROP_POINTS
  const belowAccount =
    account.ended >= MIN_ENDED_CALLS &&
    account.answerRate !== null &&
    points(account.answerRate) - points(rate) >= ACCOUNT_GAP_POINTS
  if (!belowHistory && !belowAccount) return null
  const against = [
    hasHistory(previous) && previous.answerRate !== null
      ? `${percent(previous.answerRate)} of the ${previous.ended} before`
      : null,
    account.answerRate !== null ? `${percent(account.answerRate)} across the account` : null,
  ].filter((part) => part !== null)
  return {
    kind: 'answered-less',
    reason: `Answered ${percent(rate)} of its last ${recent.ended} ended calls, against ${against.join(' and ')}.`,
  }
}
