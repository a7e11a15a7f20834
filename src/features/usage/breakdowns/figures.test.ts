import { describe, expect, it } from 'vitest'
import { barText, breakdownRows, dayRows, formatAnswerRate, formatAverageDuration } from './figures'

const figures = { minutes: 42, calls: 10, ended: 8, completed: 6, answerRate: 0.75, averageDurationSeconds: 83 }

describe('breakdown figures', () => {
  it('turns days into rows labelled with their date, dropping the instants', () => {
    const rows = dayRows([{ ...figures, date: '2026-11-03', from: '2026-11-03T08:00:00Z', to: '2026-11-04T08:00:00Z' }])
    expect(rows).toEqual([{ ...figures, key: '2026-11-03', label: 'Tue, Nov 3' }])
    expect(barText(rows[0] ?? { label: '', minutes: 0 })).toBe('Tue, Nov 3: 42 minutes')
  })

  it('keeps "Other" and "without the key" apart, each with a stable key', () => {
    const rows = breakdownRows({
      truncated: true,
      rows: [
        { ...figures, value: 'sales', label: 'sales' },
        { ...figures, value: null, label: 'No team' },
        { ...figures, value: null, label: 'Other' },
      ],
    })
    expect(rows.map((row) => row.key)).toEqual(['sales', '(none)', '(other)'])
    // Not truncated: a null value last is the calls without the key, not "Other".
    expect(breakdownRows({ truncated: false, rows: [{ ...figures, value: null, label: 'No team' }] })[0]?.key).toBe(
      '(none)',
    )
  })

  it("shows a label's reordering and invisible characters as tokens, keeping its key as sent", () => {
    const [row] = breakdownRows({
      truncated: false,
      rows: [{ ...figures, value: 'note\u202Egnp.exe', label: 'note\u202Egnp.exe' }],
    })
    expect(row?.key).toBe('note\u202Egnp.exe')
    expect(row?.label).toBe('note⟨U+202E⟩gnp.exe')
  })

  it('writes rates and durations, with a dash where there is nothing to average', () => {
    expect(formatAnswerRate(0.75)).toBe('75%')
    expect(formatAnswerRate(null)).toBe('—')
    expect(formatAverageDuration(83)).toBe('1:23')
    expect(formatAverageDuration(null)).toBe('—')
  })
})
