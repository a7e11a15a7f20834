// A report as an email: the subject, the plain text, the HTML (every value escaped), and the CSV attached.
import { escapeHtml, type MailMessage } from '../email/mailer'
import { reportCsv, reportCsvName } from './report-csv'
import type { ReportFigures } from './report-figures'
import { frequencyWord } from './report-periods'
import { dayText, instantText, numberText, percentText, periodText, safeText } from './report-words'

/** The rows each top list shows. */
const TOP = 5

interface Line {
  label: string
  value: string
}

interface Section {
  title: string
  lines: Line[]
  /** Said when there are no lines. */
  empty: string
}

function commitmentLines(figures: ReportFigures): Line[] {
  const billing = figures.billing
  if ('unavailable' in billing) return [{ label: 'Commitment', value: `Not known: ${billing.unavailable}.` }]
  const zone = figures.timeZone
  const lines: Line[] = [
    {
      label: 'Billing period',
      value: `${instantText(zone, billing.periodStartMs)} – ${instantText(zone, billing.periodEndMs)}`,
    },
    {
      label: 'Used so far',
      value: `${numberText(billing.usedMinutes)} of ${numberText(billing.committedMinutes)} committed minutes (${percentText(billing.usedMinutes, billing.committedMinutes)})`,
    },
  ]
  const pace = billing.pace
  if (pace.kind === 'too-early') return [...lines, { label: 'Pace', value: pace.reason }]
  const days = `${pace.windowDays} ${pace.windowDays === 1 ? 'day' : 'days'}`
  lines.push({ label: 'Pace', value: `${numberText(pace.minutesPerDay)} minutes a day (the last ${days})` })
  const crossing = pace.alreadyOver
    ? 'the commitment is already used up'
    : pace.crossesAtMs !== null && pace.crossesAtMs < billing.periodEndMs
      ? `crosses the commitment on ${dayText(zone, pace.crossesAtMs)}`
      : `${numberText(pace.unusedMinutes)} committed minutes left unused`
  lines.push({
    label: 'Projection',
    value: `about ${numberText(Math.round(pace.projectedMinutes))} minutes by the period’s end: ${crossing}`,
  })
  return lines
}

const topLines = (rows: ReportFigures['byPerson']): Line[] =>
  rows.slice(0, TOP).map((row) => ({
    label: safeText(row.label),
    value: `${numberText(row.minutes)} min, ${numberText(row.calls)} ${row.calls === 1 ? 'call' : 'calls'}`,
  }))

function sectionsOf(figures: ReportFigures): Section[] {
  return [
    {
      title: 'This period',
      lines: [
        { label: 'Billed minutes', value: numberText(figures.minutes) },
        { label: 'Calls', value: numberText(figures.calls) },
      ],
      empty: '',
    },
    { title: 'Against the commitment', lines: commitmentLines(figures), empty: '' },
    { title: 'Top five people', lines: topLines(figures.byPerson), empty: 'No calls in this period.' },
    { title: 'Top five caller IDs', lines: topLines(figures.byCallerId), empty: 'No calls in this period.' },
    { title: 'Top five outcomes', lines: topLines(figures.byOutcome), empty: 'No calls in this period.' },
    {
      title: 'Caller IDs flagged',
      lines: figures.flagged.map((flag) => ({ label: safeText(flag.callerId), value: safeText(flag.reason) })),
      empty: 'None: every caller ID is answered as usual.',
    },
  ]
}

const textOf = (title: string, sections: Section[], usageUrl: string) =>
  [
    title,
    '',
    ...sections.flatMap((section) => [
      section.title,
      ...(section.lines.length
        ? section.lines.map((line) => `  ${line.label}: ${line.value}`)
        : [`  ${section.empty}`]),
      '',
    ]),
    `Open the usage page: ${usageUrl}`,
    'The figures are attached as a CSV file. You receive this report because you (or an admin) subscribed to it;',
    `stop it under “Reports by email” on ${usageUrl}.`,
  ].join('\n')

const htmlOf = (title: string, sections: Section[], usageUrl: string) => {
  const url = escapeHtml(usageUrl)
  const body = sections
    .map((section) => {
      const rows = section.lines.length
        ? section.lines
            .map(
              (line) =>
                `<tr><th scope="row" style="text-align:left;padding:2px 12px 2px 0;font-weight:normal">${escapeHtml(line.label)}</th><td style="padding:2px 0">${escapeHtml(line.value)}</td></tr>`,
            )
            .join('')
        : `<tr><td>${escapeHtml(section.empty)}</td></tr>`
      return `<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(section.title)}</h2><table>${rows}</table>`
    })
    .join('')
  return (
    `<!doctype html><html><body style="font-family:sans-serif;font-size:14px;color:#111">` +
    `<h1 style="font-size:18px">${escapeHtml(title)}</h1>${body}` +
    `<p><a href="${url}">Open the usage page</a></p>` +
    `<p style="color:#555">The figures are attached as a CSV file. Stop this report under “Reports by email” on the usage page.</p>` +
    `</body></html>`
  )
}

export function reportMessage(figures: ReportFigures, to: string): MailMessage {
  const title = `${frequencyWord(figures.frequency)} usage report: ${periodText(figures.frequency, figures.timeZone, figures.period)}`
  const sections = sectionsOf(figures)
  return {
    to: [to],
    subject: `Voice Dashboard: ${title}`,
    text: textOf(title, sections, figures.usageUrl),
    html: htmlOf(title, sections, figures.usageUrl),
    attachments: [
      { filename: reportCsvName(figures), content: reportCsv(figures), contentType: 'text/csv; charset=utf-8' },
    ],
  }
}
