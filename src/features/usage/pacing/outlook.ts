// What the projection means for the bill, in words. Both ways of missing the commitment cost money:
// crossing it (overage) and leaving committed minutes unused (paid for anyway).
import { formatNumber } from '@/lib/format'
import { formatDateInZone, formatPercent, formatRate, percentOfCommitment } from '@/lib/usage-format'
import type { Projection } from './pacing'

/**
 * A projection from this share of the commitment up to all of it lands near the commitment:
 * the only outcome that costs nothing extra. Below it, paid minutes go unused; above, overage.
 */
const ON_TRACK_FROM_PERCENT = 95

export type OutlookTone = 'overage' | 'unused' | 'on-track' | 'no-commitment'

interface Outlook {
  tone: OutlookTone
  /** The risk that applies, in one sentence a manager acts on; or that the period is on track. */
  headline: string
  /** The other risk, said too: both cost money, so neither goes unmentioned. */
  otherRisk: string
  /** What would change the outcome, when something can. */
  advice: string | null
}

interface OutlookInput {
  pace: Projection
  usedMinutes: number
  committedMinutes: number
  /** Days from now to the period's end. */
  daysLeft: number
}

const minutes = (n: number) => `${formatNumber(n)} ${n === 1 ? 'minute' : 'minutes'}`

/** The wording of a projection, for a reader in `timeZone`. */
export function projectionOutlook(
  { pace, usedMinutes: used, committedMinutes: committed, daysLeft }: OutlookInput,
  timeZone: string,
): Outlook {
  const projected = Math.round(pace.projectedMinutes)
  const overBy = Math.max(0, projected - committed)
  if (committed <= 0)
    return {
      tone: 'no-commitment',
      headline: `No minutes are committed this period: all of the about ${minutes(projected)} projected are beyond a commitment.`,
      otherRisk: 'Nothing committed can go unused.',
      advice: null,
    }
  if (pace.alreadyOver)
    return {
      tone: 'overage',
      headline: `The commitment is used up: ${minutes(used - committed)} over so far, about ${minutes(overBy)} over by period end at this pace.`,
      otherRisk: 'No committed minutes go unused.',
      advice: null,
    }
  if (pace.crossesAtMs !== null)
    return {
      tone: 'overage',
      headline: `Overage expected: the commitment is crossed around ${formatDateInZone(pace.crossesAtMs, timeZone)}, about ${minutes(overBy)} over by period end.`,
      otherRisk: 'No committed minutes would go unused.',
      advice: null,
    }
  const unused = pace.unusedMinutes
  const share = formatPercent((unused / committed) * 100)
  const percent = percentOfCommitment(projected, committed) ?? 0
  if (percent >= ON_TRACK_FROM_PERCENT)
    return {
      tone: 'on-track',
      headline: `On track: about ${formatPercent(percent)} of the committed minutes used by period end.`,
      otherRisk:
        unused > 0
          ? `About ${minutes(unused)} (${share}) would go unused; the commitment is not crossed.`
          : 'None would go unused, and the commitment is not crossed.',
      advice: null,
    }
  // The pace that would use the rest: what it would take, for the manager to judge.
  return {
    tone: 'unused',
    headline: `About ${formatNumber(unused)} of the ${minutes(committed)} committed (${share}) would go unused. They are paid for anyway.`,
    otherRisk: 'No overage: the commitment is not reached before the period ends.',
    advice:
      daysLeft > 0
        ? `To use them all: about ${formatRate((committed - used) / daysLeft)} minutes a day for the rest of the period, against ${formatRate(pace.minutesPerDay)} now.`
        : null,
  }
}
