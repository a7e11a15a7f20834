// The report of `npm run bench:usage`: machine, command, and each breakdown's latency beside the target
// and beside the floor (a trivial read over the same HTTP path, measured in the same rounds).
import { machine } from '../machine'

export interface CaseFigures {
  name: string
  example: string
  p50: number
  p95: number
  max: number
  /** The answer's rows and calls: what was added up. */
  rows: number
  calls: number
}

export interface UsageBenchResults {
  command: string
  loadBefore: number
  loadDuring: [number, number] | null
  totalSeconds: number
  calls: number
  periodCalls: number
  requests: number
  warmUp: number
  floor: CaseFigures
  cases: CaseFigures[]
}

/** p95 at most this per breakdown of a 30-day period over a million indexed calls (issue 23). */
const TARGET_P95_MS = 150

const ms = (value: number) => value.toFixed(1)
const int = (value: number) => Math.round(value).toLocaleString('en-US')

export function usageBenchReport(results: UsageBenchResults): string {
  const { floor } = results
  const row = (c: CaseFigures, target: boolean) =>
    `| ${c.name}: ${c.example} | ${ms(c.p50)} | ${ms(c.p95)} | ${ms(c.max)} | ${(c.p50 / floor.p50).toFixed(1)}× | ${int(c.rows)} | ${target ? `p95 <= ${TARGET_P95_MS} ms: ${c.p95 <= TARGET_P95_MS ? 'met' : '**not met**'}` : 'floor'} |`
  return [
    `### Usage breakdowns benchmark, ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${machine(results.loadBefore)}${results.loadDuring ? ` (${results.loadDuring[0].toFixed(1)} to ${results.loadDuring[1].toFixed(1)} during the run)` : ''}. Whole run ${results.totalSeconds.toFixed(0)} s.`,
    `Command: \`${results.command}\`: the console server as its own process on a copy of a store with ${int(results.calls)} indexed calls (the search bench's, with a \`team\` on each call with metadata), signed in as a manager; a 30-day period (each request's \`from\`, \`to\` and \`tz=America/New_York\`) holding ${int(results.periodCalls)} of them; all on 127.0.0.1.`,
    '',
    '| request | p50 ms | p95 ms | max ms | p50 / floor p50 | rows | target |',
    '|---|---:|---:|---:|---:|---:|---|',
    row(floor, false),
    ...results.cases.map((c) => row(c, true)),
    '',
    `Each row: ${results.requests} requests after ${results.warmUp} of warm-up, one at a time, the kinds in turn (a busy spell of the shared machine falls on all alike). Times are the whole HTTP request from this process. The floor is \`GET /calls/index\` (session, pacing, one indexed read): what any console request costs here.`,
  ].join('\n')
}
