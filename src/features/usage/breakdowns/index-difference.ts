// How the call index's sum of a period compares with the service's own minutes used (actual_minutes_used), in words.
// The difference is never hidden: when they differ the page says by how much, and why from `coverage`.
import type { IndexCoverage } from '@/api/contract/usage-breakdown-schemas'
import { formatNumber, pluralize } from '@/lib/format'

interface IndexDifference {
  /** minutes of the index minus the service's; null when the service gave no figure. */
  difference: number | null
  text: string
  /** What the index is still missing, one phrase each; empty when it has every call and its details. */
  reasons: string[]
}

const minutes = (n: number) => pluralize(n, 'minute')

function coverageReasons(coverage: IndexCoverage): string[] {
  const reasons: string[] = []
  if (coverage.inFlight > 0)
    reasons.push(`${pluralize(coverage.inFlight, 'call')} still in flight (billed once they end)`)
  if (coverage.awaitingDetails > 0)
    reasons.push(
      `${pluralize(coverage.awaitingDetails, 'ended call')} whose details, and so billed minutes, are not fetched yet`,
    )
  if (!coverage.listingComplete) reasons.push("the call index is still listing this period's calls")
  return reasons
}

export function indexDifference(
  indexMinutes: number,
  serviceMinutes: number | null,
  coverage: IndexCoverage,
): IndexDifference {
  const reasons = coverageReasons(coverage)
  const sum = `The days add up to ${minutes(indexMinutes)}`
  if (serviceMinutes === null)
    return {
      difference: null,
      reasons,
      text: `${sum}. The service did not give its minutes used for this period, so there is nothing to compare them with.`,
    }
  const difference = indexMinutes - serviceMinutes
  if (difference === 0) return { difference, reasons, text: `${sum}, the same as the service's minutes used.` }
  const side = difference < 0 ? 'fewer' : 'more'
  const why =
    reasons.length > 0
      ? `Why: ${reasons.join('; ')}.`
      : 'The index lists every call of the period with its details, so the difference is in how the service counts them.'
  return {
    difference,
    reasons,
    text: `${sum}, ${formatNumber(Math.abs(difference))} ${side} than the service's minutes used (${minutes(serviceMinutes)}). ${why}`,
  }
}
