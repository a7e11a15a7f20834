// A report's figures as a CSV file people open: UTF-8 with a byte order mark (Excel on Windows reads the names
// right), headers in words, one row per value with its breakdown named, the totals last. Pure.
import { csvRecord } from '../http/csv'
import type { ReportFigures } from './report-figures'
import { safeText } from './report-words'

const BOM = '\uFEFF'

const HEADER = ['Breakdown', 'Name', 'Billed minutes', 'Calls', 'Completed calls', 'Answer rate (%)']

export function reportCsv(figures: ReportFigures): string {
  const rows = (breakdown: string, list: ReportFigures['byPerson']) =>
    list.map((row) =>
      csvRecord([
        breakdown,
        safeText(row.label),
        row.minutes,
        row.calls,
        row.completed,
        row.answerRate === null ? '' : (row.answerRate * 100).toFixed(1),
      ]),
    )
  return [
    BOM,
    csvRecord(HEADER),
    ...rows('Person', figures.byPerson),
    ...rows('Caller ID', figures.byCallerId),
    ...rows('Outcome', figures.byOutcome),
    csvRecord(['Total', 'Every call of the period', figures.minutes, figures.calls, '', '']),
  ].join('')
}

/** `usage-report_daily_2026-11-03.csv`: the frequency and the period's first day in its zone. */
export function reportCsvName(figures: ReportFigures): string {
  const first = new Intl.DateTimeFormat('en-CA', { timeZone: figures.timeZone }).format(figures.period.startMs)
  return `usage-report_${figures.frequency}_${first}.csv`
}
