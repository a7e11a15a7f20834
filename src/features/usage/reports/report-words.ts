// What the "Reports by email" section says of a subscription and its last report. Pure.
import type { ReportFrequency, ReportSubscription } from '@/api/contract/report-subscription-schemas'
import { formatDay } from '@/lib/time'

export const FREQUENCY_LABELS: Record<ReportFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly (Monday to Sunday)',
  monthly: 'Monthly',
}

/** "Sent 3 Nov 2026", "Trying again: connection refused", "Not sent: …", "None yet". */
export function lastReportText(report: ReportSubscription['lastReport'], timeZone: string): string {
  if (!report) return 'None yet: the first goes out when its period ends'
  const period = `for ${formatDay(report.periodStart, timeZone)}`
  if (report.status === 'delivered') return `Sent ${period}`
  if (report.status === 'pending') return `Being sent ${period}`
  const why = report.response ? `: ${report.response}` : ''
  if (report.status === 'retrying') return `Trying again ${period}${why}`
  return `Not sent ${period}${why}`
}
