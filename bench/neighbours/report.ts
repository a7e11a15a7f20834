// The neighbours bench's report: B's latency alone and beside A's load, and what A was answered.
import { machine } from '../machine'
import { percentile } from '../web/stats'
import type { LoadCounts } from './heavy-load'

export interface Latency {
  requests: number
  p50: number
  p99: number
  max: number
}

export const latencyOf = (times: number[]): Latency => ({
  requests: times.length,
  p50: percentile(times, 50),
  p99: percentile(times, 99),
  max: Math.max(...times),
})

/** The targets of issue 21: B's p99 under A's load within twice its p99 alone, and never past 100 ms. */
export const WITHIN_RATIO = 2
export const WITHIN_MS = 100

export function neighboursReport(options: {
  command: string
  /** The store the console ran on (SQLite or PostgreSQL). */
  store: string
  loadBefore: number
  loadDuring: [number, number] | null
  calls: number
  seconds: number
  exports: number
  searchesPerSecond: number
  alone: Latency
  beside: Latency
  load: LoadCounts
}): string {
  const { alone, beside, load } = options
  const ms = (value: number) => `${value.toFixed(1)} ms`
  const ratio = beside.p99 / alone.p99
  const met = ratio <= WITHIN_RATIO && beside.p99 <= WITHIN_MS
  const answers = Object.entries(load.searchAnswers)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ')
  const during = options.loadDuring
    ? `; during the run ${options.loadDuring[0].toFixed(1)} to ${options.loadDuring[1].toFixed(1)}`
    : ''
  return [
    `# bench:neighbours on ${options.store}: ${options.calls.toLocaleString('en-US')} indexed calls, ${options.seconds} s a phase`,
    '',
    `\`${options.command}\``,
    '',
    `Machine: ${machine(options.loadBefore)}${during}.`,
    '',
    '| B: a call’s status through the console | requests | p50 | p99 | max |',
    '|---|---|---|---|---|',
    `| alone | ${alone.requests} | ${ms(alone.p50)} | ${ms(alone.p99)} | ${ms(alone.max)} |`,
    `| while A exports and floods searches | ${beside.requests} | ${ms(beside.p50)} | ${ms(beside.p99)} | ${ms(beside.max)} |`,
    '',
    `B's p99 under A's load: ${ratio.toFixed(2)}× alone (target ≤ ${WITHIN_RATIO}× and ≤ ${WITHIN_MS} ms): ${met ? 'met' : 'NOT met'}.`,
    '',
    `A asked for ${options.exports} exports at once: ${load.exportsAsked} export requests in all, ${load.exportsStreamed} streamed,` +
      ` ${load.exportsRefused} refused with 429 (2 at once per person); ${(load.exportBytes / 1e6).toFixed(1)} MB of CSV received.`,
    `A's search flood, ${options.searchesPerSecond} a second whatever the answers: ${load.searchesSent} sent, answered ${answers || 'nothing'}.`,
  ].join('\n')
}
