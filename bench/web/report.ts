// The Markdown report of a web benchmark run: machine, command, and every figure beside its target.
import { machine } from '../machine'
import type { FirstRowFigures } from './first-row'
import type { LighthouseFigures } from './lighthouse'
import type { LiveStatusFigures } from './live-status'
import { median } from './stats'

export interface WebBenchResults {
  command: string
  seedCalls: number
  seedSeconds: number
  runs: number
  speed: number
  loadBefore: number
  lighthouse: Map<string, LighthouseFigures>
  firstRow: FirstRowFigures
  live: LiveStatusFigures
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value).toLocaleString('en-US')} ms` : 'n/a')
const met = (ok: boolean) => (ok ? 'met' : '**not met**')

function lighthouseTable(pages: Map<string, LighthouseFigures>): string[] {
  const figures = [...pages.values()]
  const row = (name: string, cells: string[], target: string) => `| ${name} | ${cells.join(' | ')} | ${target} |`
  const scores = (pick: (page: LighthouseFigures) => number, minimum: number, name: string) =>
    row(
      name,
      figures.map((page) => String(pick(page))),
      `>= ${minimum}: ${met(figures.every((page) => pick(page) >= minimum))}`,
    )
  const failed = [...new Set(figures.flatMap((page) => page.failedAudits))]
  return [
    `| Lighthouse, desktop preset (median) | ${[...pages.keys()].join(' | ')} | target |`,
    `|---|${figures.map(() => '---:').join('|')}|---|`,
    scores((page) => page.performance, 98, 'Performance'),
    scores((page) => page.accessibility, 100, 'Accessibility'),
    scores((page) => page.bestPractices, 100, 'Best practices'),
    row(
      'LCP',
      figures.map((page) => ms(page.lcpMs)),
      '',
    ),
    row(
      'TBT',
      figures.map((page) => ms(page.tbtMs)),
      '',
    ),
    row(
      'CLS',
      figures.map((page) => page.cls.toFixed(3)),
      '',
    ),
    '',
    failed.length
      ? `Accessibility or best-practices audits that failed in at least one run: ${failed.join(', ')}.`
      : 'No accessibility or best-practices audit failed in any run.',
  ]
}

const afterEnd = (offsets: number[]) =>
  offsets.length ? ` (sent ${offsets.map((offset) => `+${Math.round(offset)}`).join(', ')} ms after it showed)` : ''

function browserTable({ firstRow, live }: WebBenchResults): string[] {
  const target = live.pollMs + 250
  const runs = (values: number[]) => values.map((value) => Math.round(value)).join(', ')
  const kinds = new Map<string, number>()
  for (const { from, to } of live.transitions) kinds.set(`${from} → ${to}`, (kinds.get(`${from} → ${to}`) ?? 0) + 1)
  const measured = [...kinds].map(([kind, count]) => `${count} × ${kind}`).join(', ')
  return [
    '| Browser measure | median | target |',
    '|---|---:|---|',
    `| First calls row visible, cold (new context, empty cache) | ${ms(firstRow.coldMs)} | runs: ${runs(firstRow.coldRuns)} ms |`,
    `| First calls row visible, warm (second navigation, cache primed) | ${ms(firstRow.warmMs)} | runs: ${runs(firstRow.warmRuns)} ms |`,
    `| Live status latency (plan's transition -> call page shows it) | ${ms(live.medianMs)} | <= ${ms(target)} (poll ${live.pollMs} ms + 250 ms): ${met(live.medianMs <= target)} |`,
    `| Live status latency, p90 | ${ms(live.p90Ms)} | |`,
    `| Status requests per watched call | ${median(live.requestsPerCall)} | per call: ${live.requestsPerCall.join(', ')}; ${live.requestsPerWatchedSecond.toFixed(2)} per second watched (1 per poll) |`,
    `| Status requests after the call ended | ${live.requestsAfterEndMs.length} | 0: ${met(live.requestsAfterEndMs.length === 0)}${afterEnd(live.requestsAfterEndMs)} |`,
    '',
    `Live status: ${live.latenciesMs.length} transitions measured (${measured || 'none'}); ${live.mismatches} shown statuses the plan does not explain (expected 0).`,
  ]
}

export function webBenchReport(results: WebBenchResults): string {
  const date = new Date().toISOString().slice(0, 10)
  return [
    `### Web benchmark, ${date}`,
    '',
    `Machine: ${machine(results.loadBefore)}.`,
    `Command: \`${results.command}\`: a production build served by the console's production start (\`npm run serve\`, an admin added with its CLI and signed in; every page and request sends that session cookie) in front of the simulator seeded with ${results.seedCalls.toLocaleString('en-US')} calls (ready in ${results.seedSeconds.toFixed(1)} s), headless Chromium (Debian), median of ${results.runs} run(s) per figure; live calls at simulator speed ${results.speed}.`,
    '',
    ...lighthouseTable(results.lighthouse),
    '',
    ...browserTable(results),
    '',
    'First row: performance.now() (from navigation start) in the animation frame after a MutationObserver sees the first `tbody tr`, i.e. the frame that paints it.',
    "Live status: Date.now() when the call page's status text changes in the DOM, minus the transition time from the call's stored plan (`callStateAt`); only transitions planned after the page first showed a status count.",
  ].join('\n')
}
