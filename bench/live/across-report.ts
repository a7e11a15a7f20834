// bench:live's section across instances: a call placed on one instance to its event on the other's stream, with
// the live tables read on a timer and with PostgreSQL's notices, run back to back.
import { machine } from '../machine'
import { median, percentile } from '../web/stats'
import type { AcrossFigures } from './across-instances'

/** The target (54, item 3), on a quiet machine. */
const ACROSS_P95_TARGET_MS = 50

export interface AcrossRun {
  /** How the other instance learns of new rows. */
  delivery: 'table read' | 'notices'
  loadBefore: number
  figures: AcrossFigures
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : 'n/a')
const p95 = (run: AcrossRun) => percentile(run.figures.latencyMs, 95)

export function acrossReport(command: string, runs: AcrossRun[], spacingMs: number): string {
  const first = runs[0]
  const lines = [
    '## Live events across two instances on one PostgreSQL',
    '',
    `Machine: ${machine(first?.loadBefore ?? 0)}.`,
    `Command: \`${command}\`: two console processes on one database, the simulator at speed 1; each call placed through instance A's create-call route, one at a time (${spacingMs} ms apart), timed from A's 201 to the call's first \`call\` event on a board stream held on instance B.`,
    '',
    '| the other instance reads the live tables | calls | median | p95 | max | missed | target |',
    '|---|---|---|---|---|---|---|',
  ]
  for (const run of runs) {
    const latency = run.figures.latencyMs
    const how =
      run.delivery === 'notices'
        ? "on PostgreSQL's notices (CONSOLE_LIVE_NOTICES=on, the default)"
        : 'on a timer, every 250 ms (CONSOLE_LIVE_NOTICES=off)'
    const target =
      run.delivery === 'notices'
        ? `p95 <= ${ACROSS_P95_TARGET_MS} ms: ${p95(run) <= ACROSS_P95_TARGET_MS && run.figures.missed === 0 ? 'met' : '**not met**'}`
        : ''
    lines.push(
      `| ${how} (load ${run.loadBefore.toFixed(1)}) | ${latency.length + run.figures.missed} | ${ms(median(latency))} | ${ms(p95(run))} | ${ms(Math.max(...latency))} | ${run.figures.missed} | ${target} |`,
    )
  }
  const timed = runs.find((run) => run.delivery === 'table read')
  const notified = runs.find((run) => run.delivery === 'notices')
  if (timed && notified)
    lines.push('', `p95 with notices ÷ p95 with the timed read: ${(p95(notified) / p95(timed)).toFixed(2)}`)
  return lines.join('\n')
}
