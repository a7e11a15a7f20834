import type { CallListProgress } from '@/api/contract/call-list-schemas'
import type { OutcomeKind } from '@/api/contract/outcome-kind-schemas'
import { formatNumber } from '@/lib/format'

/** "3 of 20 done · 17 left (2 later)": where a list stands, in one line. */
export function progressWords(progress: CallListProgress): string {
  const later = progress.later > 0 ? ` (${formatNumber(progress.later)} later)` : ''
  return `${formatNumber(progress.done)} of ${formatNumber(progress.total)} done · ${formatNumber(progress.left)} left${later}`
}

/**
 * "Reached 8 · Left voicemail 4": the outcomes recorded, by their labels in the outcome list's order (its digits'
 * order on the work page); an outcome no longer listed (archived) comes last, by its id. Empty when none is.
 */
export function outcomeWords(byOutcome: CallListProgress['byOutcome'], kinds: readonly OutcomeKind[]): string {
  const position = (id: string) => {
    const at = kinds.findIndex((kind) => kind.id === id)
    return at === -1 ? kinds.length : at
  }
  return [...byOutcome]
    .sort((a, b) => position(a.outcome) - position(b.outcome) || a.outcome.localeCompare(b.outcome))
    .map(
      ({ outcome, count }) => `${kinds.find((kind) => kind.id === outcome)?.label ?? outcome} ${formatNumber(count)}`,
    )
    .join(' · ')
}
