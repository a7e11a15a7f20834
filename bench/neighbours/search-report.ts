// The search phase's report: B's ordinary searches alone and beside A's flood of many-term searches, the ratio
// of their p99s against the floor measured in the same run, and what A's flood was answered.
import { percentile } from '../web/stats'
import type { Latency } from './report'
import type { FloodCounts } from './search-flood'

/** The target of issue 49: B's search p99 beside A's flood within twice its p99 alone. */
export const SEARCH_WITHIN_RATIO = 2

export interface SearchPhase {
  alone: Latency
  beside: Latency
  flood: FloodCounts
  /** B's searches answered other than 200 (its own pace): none, when the bench is set up right. */
  bRefused: number
}

const searchRatio = ({ alone, beside }: SearchPhase) => beside.p99 / alone.p99

/** The ratio and whether it meets the target: `1.18× (met)`. */
export function searchVerdict(phase: SearchPhase): string {
  const ratio = searchRatio(phase)
  return `${ratio.toFixed(2)}× (${ratio <= SEARCH_WITHIN_RATIO ? 'met' : 'NOT met'})`
}

export function searchPhaseReport(phase: SearchPhase, options: { seconds: number; tabs: number }): string {
  const { alone, beside, flood } = phase
  const ms = (value: number) => `${value.toFixed(1)} ms`
  const answers = Object.entries(flood.answers)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ')
  return [
    `| B: an ordinary search (a number fragment, a ticket id), ${options.seconds} s a phase | requests | p50 | p99 | max |`,
    '|---|---|---|---|---|',
    `| alone | ${alone.requests} | ${ms(alone.p50)} | ${ms(alone.p99)} | ${ms(alone.max)} |`,
    `| while A floods many-term searches | ${beside.requests} | ${ms(beside.p50)} | ${ms(beside.p99)} | ${ms(beside.max)} |`,
    '',
    `B's search p99 beside A's flood ÷ alone: ${searchVerdict(phase)}; target ≤ ${SEARCH_WITHIN_RATIO}×.` +
      (phase.bRefused > 0 ? ` B was refused ${phase.bRefused} times (its own pace): read the figures with that.` : ''),
    `A's flood, ${options.tabs} tabs each sending a search of the most terms a search takes twice a second (after` +
      ` Retry-After when refused): ${flood.sent} sent, answered ${answers || 'nothing'}; those answered 200 took` +
      ` p50 ${ms(percentile(flood.answeredMs, 50))}, max ${ms(Math.max(0, ...flood.answeredMs))}.`,
  ].join('\n')
}
