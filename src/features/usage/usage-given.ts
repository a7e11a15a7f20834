// The usage cards compute from dates and minutes together (a forecast, a meter, a chart). The spec
// never says these cannot be null, so a period the service gives without one of them is shown in
// words ("Not given by the service") instead of being computed from a value that is not there.
import type { UsagePeriod, UsageSummary } from '@/api/contract/schemas'

export const NOT_GIVEN = 'Not given by the service'

type Present<T, K extends keyof T> = T & { [P in K]-?: NonNullable<T[P]> }

const FIGURES = [
  'period_start',
  'period_end',
  'committed_minutes',
  'actual_minutes_used',
  'remaining_minutes',
  'overage_minutes',
  'usage_percent',
] as const satisfies readonly (keyof UsageSummary)[]

export type CompleteUsage = Present<UsageSummary, (typeof FIGURES)[number]>

/** The current period when the service gave every figure the cards compute from; null otherwise. */
export function completeUsage(usage: UsageSummary): CompleteUsage | null {
  return FIGURES.every((field) => usage[field] !== null && usage[field] !== undefined) ? (usage as CompleteUsage) : null
}

/** Each figure in a person's words; the API's own names belong in its docs, not on the page. */
const FIGURE_WORDS: Record<(typeof FIGURES)[number], string> = {
  period_start: 'the start of the period',
  period_end: 'the end of the period',
  committed_minutes: 'the minutes committed',
  actual_minutes_used: 'the minutes used',
  remaining_minutes: 'the minutes remaining',
  overage_minutes: 'the overage',
  usage_percent: 'the share of the commitment used',
}

/** The figures the service left out, in words. */
export const missingFigures = (usage: UsageSummary): string[] =>
  FIGURES.filter((field) => usage[field] === null || usage[field] === undefined).map((field) => FIGURE_WORDS[field])

const PERIOD_FIGURES = ['period_start', 'period_end', 'committed_minutes', 'actual_minutes_used'] as const

export type CompletePeriod = Present<UsagePeriod, (typeof PERIOD_FIGURES)[number]>

/** A past period the chart and the table can place: with its dates and its minutes. */
export const isCompletePeriod = (period: UsagePeriod): period is CompletePeriod =>
  PERIOD_FIGURES.every((field) => period[field] !== null && period[field] !== undefined)
