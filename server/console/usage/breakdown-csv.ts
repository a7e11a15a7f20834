// A breakdown as CSV: a header a person reads, a row per value, and the totals last. Its numbers are the
// JSON answer's (answer rate as a percentage, the average to a tenth of a second). Pure.
import type { BreakdownResponse, CallFigures } from '../../../src/api/contract/usage-breakdown-schemas'
import { csvRecord } from '../http/csv'

const FIRST_COLUMN: Record<BreakdownResponse['by'], string> = {
  person: 'Person',
  caller_id: 'Caller ID',
  outcome: 'Outcome',
  recorded_outcome: 'Outcome recorded',
  metadata: 'Metadata value',
  hour: 'Hour',
  weekday: 'Weekday',
}

const figures = (row: CallFigures) => [
  row.minutes,
  row.calls,
  row.ended,
  row.completed,
  row.answerRate === null ? '' : (row.answerRate * 100).toFixed(1),
  row.averageDurationSeconds === null ? '' : row.averageDurationSeconds.toFixed(1),
]

export function breakdownCsv(breakdown: BreakdownResponse): string {
  const first = breakdown.by === 'metadata' ? `${breakdown.key ?? ''} (metadata)` : FIRST_COLUMN[breakdown.by]
  const header = [
    first,
    'Value',
    'Billed minutes',
    'Calls',
    'Ended calls',
    'Completed calls',
    'Answer rate (%)',
    'Average duration of completed calls (s)',
  ]
  return [
    csvRecord(header),
    ...breakdown.rows.map((row) => csvRecord([row.label, row.value ?? '', ...figures(row)])),
    csvRecord(['Total', '', ...figures(breakdown.totals)]),
  ].join('')
}

/** `usage-by-team_2026-11-01_2026-12-01.csv`: the dimension and the period's UTC dates. */
export function breakdownFileName(breakdown: BreakdownResponse): string {
  const what = breakdown.by === 'metadata' ? (breakdown.key ?? 'metadata') : breakdown.by.replace('_', '-')
  const safe = what.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 40) || 'metadata'
  return `usage-by-${safe}_${breakdown.from.slice(0, 10)}_${breakdown.to.slice(0, 10)}.csv`
}
