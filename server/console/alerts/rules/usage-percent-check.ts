// "Minutes used reach N% of the commitment": the service's own count against its own commitment.
import { instantText, minutesText } from './alert-words'
import type { PeriodUsage } from './period-usage'

/** The message when the rule fires now; null when it does not. */
export function checkUsagePercent(percent: number, usage: PeriodUsage): string | null {
  // No commitment: no share of it to reach.
  if (usage.committedMinutes <= 0) return null
  // Whole numbers on both sides: 79.995% is not 80%.
  if (usage.usedMinutes * 100 < percent * usage.committedMinutes) return null
  return (
    `Minutes used reached ${percent}% of the commitment: ${minutesText(usage.usedMinutes)} of ` +
    `${minutesText(usage.committedMinutes)} minutes, on ${instantText(usage.readAtMs)}`
  )
}
