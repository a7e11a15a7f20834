import { describe, expect, it } from 'vitest'
import { lastReportText } from './report-words'

const report = {
  periodStart: '2026-11-02T23:00:00.000Z',
  periodEnd: '2026-11-03T23:00:00.000Z',
  attempts: 1,
  lastAttemptAt: '2026-11-04T06:30:00.000Z',
  nextAttemptAt: null,
  response: null,
}

describe('lastReportText', () => {
  it('says when none went out yet, and names the period in the subscription’s zone', () => {
    expect(lastReportText(null, 'UTC')).toBe('None yet: the first goes out when its period ends')
    expect(lastReportText({ ...report, status: 'delivered' }, 'Europe/Berlin')).toBe('Sent for Nov 3, 2026')
    expect(lastReportText({ ...report, status: 'delivered' }, 'UTC')).toBe('Sent for Nov 2, 2026')
  })

  it('says why a report is being tried again or was not sent', () => {
    const refused = { ...report, response: 'Connection refused' }
    expect(lastReportText({ ...refused, status: 'retrying' }, 'Europe/Berlin')).toBe(
      'Trying again for Nov 3, 2026: Connection refused',
    )
    expect(lastReportText({ ...refused, status: 'failed' }, 'Europe/Berlin')).toBe(
      'Not sent for Nov 3, 2026: Connection refused',
    )
  })
})
