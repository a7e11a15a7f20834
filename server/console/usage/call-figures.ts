// The counts of a set of calls as the store adds them up (a Tally, store/usage-breakdowns.ts), and the contract's
// figures made from them.
// Tallies add, so slots sum into days, hours and weekdays, and rows into "Other" and the totals. Pure.
import type { CallFigures, IndexCoverage } from '../../../src/api/contract/usage-breakdown-schemas'
import { emptyTally, type Tally } from '../store/usage-breakdowns'

/** Adds `more` into `into` (mutates it) and returns it. */
export function addTally(into: Tally, more: Tally): Tally {
  into.calls += more.calls
  into.ended += more.ended
  into.completed += more.completed
  into.minutes += more.minutes
  into.durationSum += more.durationSum
  into.durationCount += more.durationCount
  into.inFlight += more.inFlight
  into.awaitingDetails += more.awaitingDetails
  return into
}

export const sumTallies = (tallies: Iterable<Tally>) => {
  const total = emptyTally()
  for (const tally of tallies) addTally(total, tally)
  return total
}

export function figuresOf(tally: Tally): CallFigures {
  return {
    minutes: tally.minutes,
    calls: tally.calls,
    ended: tally.ended,
    completed: tally.completed,
    answerRate: tally.ended === 0 ? null : tally.completed / tally.ended,
    averageDurationSeconds: tally.durationCount === 0 ? null : tally.durationSum / tally.durationCount,
  }
}

/** What the sum leaves out over the whole period, and how far the index's listing has got. */
export function coverageOf(total: Tally, index: { listingComplete: boolean; syncedTo: string | null }): IndexCoverage {
  return {
    inFlight: total.inFlight,
    awaitingDetails: total.awaitingDetails,
    listingComplete: index.listingComplete,
    syncedTo: index.syncedTo,
  }
}
