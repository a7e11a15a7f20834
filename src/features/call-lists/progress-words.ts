import { type CallListProgress, ON_DO_NOT_CALL_LIST } from '@/api/contract/call-list-schemas'
import type { OutcomeKind } from '@/api/contract/outcome-kind-schemas'
import { formatNumber } from '@/lib/format'

/** "3 of 20 done · 17 left (2 later)": where a list stands, in one line. */
export function progressWords(progress: CallListProgress): string {
  const later = progress.later > 0 ? ` (${formatNumber(progress.later)} later)` : ''
  return `${formatNumber(progress.done)} of ${formatNumber(progress.total)} done · ${formatNumber(progress.left)} left${later}`
}

/**
 * "Reached 8 · Left voicemail 4 · On the do-not-call list 1": the outcomes recorded, by their labels in the outcome
 * list's order (its digits' order on the work page); contacts passed over for the do-not-call list, and an outcome
 * no longer listed (archived), come last. Empty when none is.
 */
export function outcomeWords(byOutcome: CallListProgress['byOutcome'], kinds: readonly OutcomeKind[]): string {
  const position = (id: string) => {
    const at = kinds.findIndex((kind) => kind.id === id)
    return at === -1 ? kinds.length : at
  }
  return [...byOutcome]
    .sort((a, b) => position(a.outcome) - position(b.outcome) || a.outcome.localeCompare(b.outcome))
    .map(({ outcome, count }) => `${labelOf(outcome, kinds)} ${formatNumber(count)}`)
    .join(' · ')
}

const labelOf = (outcome: string, kinds: readonly OutcomeKind[]) =>
  kinds.find((kind) => kind.id === outcome)?.label ??
  (outcome === ON_DO_NOT_CALL_LIST.id ? ON_DO_NOT_CALL_LIST.label : outcome)
