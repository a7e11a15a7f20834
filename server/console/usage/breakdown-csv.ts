// A breakdown as CSV: a header a person reads, a row per value, and the totals last, marked "Total". One column per
// fact: the value in words, and beside it the value the console groups by only where that is another fact (a
// person's account id, the service's status); a caller ID, an hour or a metadata value is its own words. Its
// numbers are the JSON answer's (answer rate as a percentage, the average to a tenth of a second). Pure.
import type { BreakdownResponse, CallFigures } from '../../../src/api/contract/usage-breakdown-schemas'
import { csvDocument } from '../http/csv'

const FIRST_COLUMN: Record<BreakdownResponse['by'], string> = {
  person: 'Person',
  caller_id: 'Caller ID',
  outcome: 'Status',
  recorded_outcome: 'Outcome recorded',
  metadata: 'Metadata value',
  hour: 'Hour',
  weekday: 'Weekday',
}

/** The second column, where the grouped value says something the words do not. */
const VALUE_COLUMN: Partial<Record<BreakdownResponse['by'], string>> = {
  person: 'Person (account id)',
  outcome: 'Status (service)',
  recorded_outcome: 'Outcome recorded (id)',
}

const figures = (row: CallFigures) => [
  row.minutes,
  row.calls,
  row.ended,
  row.completed,
  row.answerRate === null ? '' : (row.answerRate * 100).toFixed(1),
  row.averageDurationSeconds === null ? '' : row.averageDurationSeconds.toFixed(1),
]

export function breakdownCsv(breakdown: BreakdownResponse, options: { bom: boolean }): string {
  const first = breakdown.by === 'metadata' ? `${breakdown.key ?? ''} (metadata)` : FIRST_COLUMN[breakdown.by]
  const valueColumn = VALUE_COLUMN[breakdown.by]
  const named = (label: string, value: string | null) => (valueColumn ? [label, value ?? ''] : [label])
  return csvDocument({
    bom: options.bom,
    header: [
      first,
      ...(valueColumn ? [valueColumn] : []),
      'Billed minutes',
      'Calls',
      'Ended calls',
      'Completed calls',
      'Answer rate (%)',
      'Average duration of completed calls (s)',
    ],
    rows: breakdown.rows.map((row) => [...named(row.label, row.value), ...figures(row)]),
    total: [...named('Total', ''), ...figures(breakdown.totals)],
  })
}

/** `usage-by-team_2026-11-01_2026-12-01.csv`: the dimension and the period's UTC dates. */
export function breakdownFileName(breakdown: BreakdownResponse): string {
  const what = breakdown.by === 'metadata' ? (breakdown.key ?? 'metadata') : breakdown.by.replace('_', '-')
  const safe = what.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 40) || 'metadata'
  return `usage-by-${safe}_${breakdown.from.slice(0, 10)}_${breakdown.to.slice(0, 10)}.csv`
}
