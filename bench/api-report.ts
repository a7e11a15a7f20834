import { cpus, loadavg } from 'node:os'
import type { Measured } from './api-load'

// The targets, printed beside the figures they judge.
const TARGETS = {
  statusShareOfCeiling: 0.5,
  statusP99Ms: 15,
  deepOverFirstPage: 1.2,
  usageManyOverFewCalls: 1.2,
  rssMb: 150,
}

export interface ApiBenchResults {
  seedCalls: number
  fewCalls: number
  connections: number
  duration: number
  seedSeconds: number
  loadBefore: number
  ceiling: Measured
  status: Measured
  firstPage: Measured
  deepPage: Measured
  usage: Measured
  usageFewCalls: Measured
  post: Measured
  rssMb: number
  peakRssMb: number
}

/** How many times costlier `slow` is than `fast`: by throughput and by server CPU per request. */
function costRatio(slow: Measured, fast: Measured) {
  const byRps = fast.rps / slow.rps
  const byCpu = slow.cpuUsPerRequest / fast.cpuUsPerRequest
  return { byRps, byCpu, worst: Math.max(byRps, byCpu), text: `${byRps.toFixed(2)}x (CPU ${byCpu.toFixed(2)}x)` }
}

const count = (value: number) => Math.round(value).toLocaleString('en-US')
const percent = (value: number) => `${Math.round(value * 100)}%`
const verdict = (met: boolean | undefined) => (met === undefined ? '' : met ? 'yes' : '**no**')

interface TableRow {
  measured?: Measured
  label?: string
  target?: string
  met?: boolean
}

export function apiBenchReport(results: ApiBenchResults): string {
  const { ceiling, status, firstPage, deepPage, usage, usageFewCalls, post } = results
  const deep = costRatio(deepPage, firstPage)
  const usageGrowth = costRatio(usage, usageFewCalls)
  const statusShare = status.rps / ceiling.rps
  const rows: TableRow[] = [
    { measured: ceiling },
    {
      measured: status,
      target: `>= ${percent(TARGETS.statusShareOfCeiling)} of ceiling, p99 <= ${TARGETS.statusP99Ms} ms`,
      met: statusShare >= TARGETS.statusShareOfCeiling && status.p99 <= TARGETS.statusP99Ms,
    },
    { measured: firstPage },
    {
      measured: deepPage,
      target: `<= ${TARGETS.deepOverFirstPage}x first page: ${deep.text}`,
      met: deep.worst <= TARGETS.deepOverFirstPage,
    },
    {
      measured: usage,
      target: `flat, <= ${TARGETS.usageManyOverFewCalls}x the ${count(results.fewCalls)}-call cost: ${usageGrowth.text}`,
      met: usageGrowth.worst <= TARGETS.usageManyOverFewCalls,
    },
    { measured: usageFewCalls, target: 'reference for the row above' },
    { measured: post },
    {
      label: 'simulator RSS at the end (peak)',
      target: `<= ${TARGETS.rssMb} MB: ${count(results.rssMb)} MB (peak ${count(results.peakRssMb)} MB)`,
      met: results.rssMb <= TARGETS.rssMb && results.peakRssMb <= TARGETS.rssMb,
    },
  ]
  const failed = rows.flatMap(({ measured }) => (measured?.errors ? [`${measured.name}: ${measured.errors}`] : []))
  const line = (row: TableRow) => {
    const m = row.measured
    const met = row.met === undefined ? undefined : row.met && !m?.errors
    const cells = m
      ? [m.name, count(m.rps), m.p50, m.p99, percent(m.rps / ceiling.rps), count(m.cpuUsPerRequest)]
      : [row.label, '', '', '', '', '']
    return `| ${[...cells, row.target ?? '', verdict(met)].join(' | ')} |`
  }
  const rssAfterEach = [status, firstPage, deepPage, usage, post]
    .map((m) => `${m.name} ${count(m.rssMbAfter)} MB`)
    .join(', ')
  return [
    `### API benchmark: ${count(results.seedCalls)} seeded calls, ${results.connections} connections, ${results.duration} s per endpoint after a 1 s warm-up`,
    '',
    '| endpoint | req/s | p50 ms | p99 ms | vs ceiling | server CPU µs/req | target | met? |',
    '|---|---:|---:|---:|---:|---:|---|---|',
    ...rows.map(line),
    '',
    ...(failed.length ? [`**Failed or non-2xx requests** (the row counts as not met): ${failed.join(', ')}.`] : []),
    `Ratios are by throughput, then (CPU) by server CPU time per request, the process's CPU time divided by the requests it served: steadier than req/s when the machine is busy. A target on a ratio is met when both are.`,
    `Simulator RSS after each endpoint: ${rssAfterEach}; peak ${count(results.peakRssMb)} MB, seeding included. Seeding and start-up: ${results.seedSeconds.toFixed(1)} s.`,
    `Node ${process.version}, ${process.platform}/${process.arch}, ${cpus().length} CPUs, load average ${results.loadBefore.toFixed(1)} before and ${loadavg()[0]?.toFixed(1)} after the run.`,
  ].join('\n')
}
