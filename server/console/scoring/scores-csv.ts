// Every score of a period as CSV people open (issue 53, items 5 and 6): UTF-8 with a byte order mark, so that a
// spreadsheet on Windows reads names with accents right, headers in words, one column per fact. Pure.
import { csvRecord } from '../http/csv'
import type { ExportedScoreRow } from '../store/scoring'

const BOM = '\uFEFF'

const HEADER = [
  'Call',
  'Scored at (UTC)',
  'Scorecard',
  'Scorecard version',
  'Scored by',
  'Placed by',
  'Score (%)',
  'Comment',
]

export function scoresCsv(rows: readonly ExportedScoreRow[], options: { bom: boolean }): string {
  return [
    options.bom ? BOM : '',
    csvRecord(HEADER),
    ...rows.map((row) =>
      csvRecord([
        row.callId,
        new Date(row.scoredAt).toISOString(),
        row.scorecardName,
        row.version,
        row.scorerEmail,
        row.placerEmail ?? 'Not placed through the console',
        (row.scoreTenths / 10).toFixed(1),
        row.comment,
      ]),
    ),
  ].join('')
}

/** `call-scores_2026-11-01_2026-12-01.csv`: what, and the period's UTC dates. */
export const scoresFileName = (fromMs: number, toMs: number) =>
  `call-scores_${new Date(fromMs).toISOString().slice(0, 10)}_${new Date(toMs).toISOString().slice(0, 10)}.csv`
