// The breakdowns' names in words, and the metadata keys the picker suggests first.
import { BREAKDOWN_DIMENSIONS, type BreakdownDimension } from '@/api/contract/usage-breakdown-schemas'

const DEFAULT_DIMENSION: BreakdownDimension = 'person'

/** The breakdown a URL's `by` names; the default for none or an unknown one. */
export const dimensionOf = (by: string | undefined): BreakdownDimension =>
  BREAKDOWN_DIMENSIONS.find((dimension) => dimension === by) ?? DEFAULT_DIMENSION

/** `choice`: the picker's word; `what`: in a sentence ("minutes by caller ID"); `column`: the table's first. */
export const DIMENSION_LABELS: Record<BreakdownDimension, { choice: string; what: string; column: string }> = {
  person: { choice: 'Person', what: 'person', column: 'Placed by' },
  caller_id: { choice: 'Caller ID', what: 'caller ID', column: 'Caller ID' },
  outcome: { choice: 'Outcome', what: 'outcome', column: 'Outcome' },
  recorded_outcome: { choice: 'Outcome (recorded)', what: 'outcome recorded', column: 'Outcome recorded' },
  metadata: { choice: 'Metadata key', what: 'metadata value', column: 'Value' },
  hour: { choice: 'Hour of day', what: 'hour of day', column: 'Hour' },
  weekday: { choice: 'Day of week', what: 'day of week', column: 'Day' },
}

/** Keys most teams tag calls with: picked first when the period has them. */
const SUGGESTED_KEYS = ['team', 'campaign']

/** The key a metadata breakdown shows: the one asked for, else a suggested one the period has, else its first. */
export function chosenKey(asked: string | undefined, keys: readonly string[]): string | undefined {
  if (asked) return asked
  return SUGGESTED_KEYS.find((key) => keys.includes(key)) ?? keys[0]
}

/** In hours and weekdays every slot is listed, in order: a series to stand upright, not a ranking. */
export const isSeries = (by: BreakdownDimension) => by === 'hour' || by === 'weekday'
