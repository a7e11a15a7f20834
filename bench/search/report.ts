// The report of `npm run bench:search`: machine, command, and every figure beside its target.
import { machine } from '../machine'
import type { CatchUpFigures } from './catch-up'
import type { ExportRun } from './export-run'
import type { ExportFigures } from './exports'
import type { CaseLatency } from './latency'

export interface SearchBenchResults {
  command: string
  /** The store the console ran on (SQLite or PostgreSQL). */
  store: string
  loadBefore: number
  /** The 1-minute load average's lowest and highest, sampled every 5 s. */
  loadDuring: [number, number] | null
  totalSeconds: number
  calls: number
  /** Null: the cached store was used. */
  seededSeconds: number | null
  warmUp: number
  latency: CaseLatency[]
  /** Null when the part was not run; a string says why it could not be. */
  exports: ExportFigures | string | null
  catchUp: CatchUpFigures | null
}

/** p95 at most this, for the cases the issue names. */
export const TARGET_P95_MS = 50
/** The V8 heap after a full collection moves less than this across the exports: nothing is kept per row. */
const KEPT_MB = 5
/** A second export of every call right after the first peaks within this of the first: RSS has levelled off. */
const LEVEL_MB = 10
/** The cases the target is for; the others are there to show where it stands. */
export const TARGETED = ['number fragment', 'metadata value', 'combined filter', 'broad term', 'next page (cursor)']

const met = (ok: boolean) => (ok ? 'met' : '**not met**')
const int = (value: number) => Math.round(value).toLocaleString('en-US')
const ms = (value: number) => value.toFixed(1)
const mb = (value: number) => `${value.toFixed(1)} MB`

function latencyTable(results: SearchBenchResults): string[] {
  return [
    '| search | p50 ms | p95 ms | max ms | median `total` (capped) | target |',
    '|---|---:|---:|---:|---:|---|',
    ...results.latency.map((row) => {
      const target = TARGETED.includes(row.name) ? `p95 <= ${TARGET_P95_MS} ms: ${met(row.p95 <= TARGET_P95_MS)}` : ''
      const total = `${int(row.medianTotal)}${row.capped > 0 ? ` (${row.capped} of ${row.requests})` : ''}`
      return `| ${row.name}: ${row.example} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.max)} | ${total} | ${target} |`
    }),
    '',
    `Each row: ${results.latency[0]?.requests ?? 0} requests, each with other terms (drawn from calls of the store), after ${results.warmUp} of its own for warm-up; one request at a time, the kinds in turn. Times are the whole HTTP request from this process on 127.0.0.1, a page of 50.`,
  ]
}

function exportTable(exports: SearchBenchResults['exports']): string[] {
  if (exports === null) return ['Export: not run (`--parts`).']
  if (typeof exports === 'string') return [`Export: **not measured**: ${exports}`]
  const row = (name: string, run: ExportRun) =>
    `| ${name} | ${int(run.rows)} | ${int(run.rowsPerSecond)} | ${run.seconds.toFixed(1)} s | ${int(run.firstByteMs)} ms | ${mb(run.bytes / 1024 / 1024)} | ${mb(run.rss.startMb)} / ${mb(run.rss.peakMb)} / ${mb(run.rss.endMb)} | ${mb(run.rss.peakMb - run.rss.startMb)} | ${run.rss.quartersMb.map((value) => value.toFixed(0)).join(' / ')} |`
  const { part, all, again, kept } = exports
  const heapMb = kept.map((memory) => memory.heapUsed / 1024 / 1024)
  const heapGrowth = Math.max(...heapMb) - Math.min(...heapMb)
  const keptGrowth = ((kept.at(-1)?.rss ?? 0) - (kept[0]?.rss ?? 0)) / 1024 / 1024
  const climb = again.rss.peakMb - all.rss.peakMb
  const flat = climb <= LEVEL_MB && heapGrowth <= KEPT_MB
  const counted = [part, all, again].every((run) => run.rows === run.totalHeader)
  return [
    '| export (`GET /calls/export.csv`) | rows | rows/s | time | first byte | CSV | console RSS start / peak / end | peak − start | RSS at ¼ / ½ / ¾ / end, MB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    row('the newest tenth (a from_date)', part),
    row('every call', all),
    row('every call again, at once', again),
    '',
    `Flat memory: peak − start ${mb(part.rss.peakMb - part.rss.startMb)} for the tenth, ${mb(all.rss.peakMb - all.rss.startMb)} for every call; the second export of every call, straight after, peaked ${mb(climb)} above the first (target: within ${LEVEL_MB} MB, RSS levels off); after a full collection the V8 heap moved ${mb(heapGrowth)} over the three (target: within ${KEPT_MB} MB, nothing kept per row), RSS ${mb(keptGrowth)}: ${met(flat)}.`,
    `RSS sampled every 100 ms from /proc. The first two start after a full collection in the console, the first after an untimed export. After a full collection (before, after the tenth, after all three) the console's RSS was ${kept.map((memory) => mb(memory.rss / 1024 / 1024)).join(', ')}, its V8 heap used ${heapMb.map(mb).join(', ')}. Rows read equal X-Total-Count: ${counted ? 'yes' : '**no**'}.`,
  ]
}

function catchUpTable(figures: CatchUpFigures | null): string[] {
  if (!figures) return ['Catch-up: not run (`--parts`).']
  return [
    '| index catch-up from the simulator | value |',
    '|---|---:|',
    `| calls listed a second (backfill, pages of 100) | ${int(figures.calls / figures.listingSeconds)} (${int(figures.calls)} calls in ${figures.listingSeconds.toFixed(1)} s, ${int(figures.listPages)} list requests) |`,
    `| details a second while the backfill lists (half the turns) | ${int(figures.detailsPerSecondListing)} |`,
    `| details a second once it has listed | ${int(figures.detailsPerSecondAlone)} |`,
    `| every call with its details | ${figures.totalSeconds.toFixed(1)} s (${int(figures.details)} detail requests) |`,
    `| upstream requests a second, all kinds | ${int(figures.requestsPerSecond)} (budget CONSOLE_INDEX_RPS ${int(figures.rps)}) |`,
  ]
}

export function searchBenchReport(results: SearchBenchResults): string {
  const date = new Date().toISOString().slice(0, 10)
  const seeded =
    results.seededSeconds === null
      ? 'the cached store (node_modules/.cache/search-bench)'
      : `seeded in ${results.seededSeconds.toFixed(0)} s`
  return [
    `### Search benchmark on ${results.store}, ${date}`,
    '',
    `Machine: ${machine(results.loadBefore)}${results.loadDuring ? ` (${results.loadDuring[0].toFixed(1)} to ${results.loadDuring[1].toFixed(1)} during the run)` : ''}. Whole run ${results.totalSeconds.toFixed(0)} s.`,
    `Command: \`${results.command}\`: the console server as its own process on ${results.store === 'SQLite' ? 'a copy of a store' : 'a row-for-row copy in PostgreSQL of the store'} with ${int(results.calls)} indexed calls (${seeded}), its sync on in front of a simulator, signed in as a support user; all on 127.0.0.1.`,
    '',
    ...latencyTable(results),
    '',
    ...exportTable(results.exports),
    '',
    ...catchUpTable(results.catchUp),
  ].join('\n')
}
