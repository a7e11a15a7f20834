// How alerts put numbers and instants into words, the same in the banner, a webhook and an email:
// "8,012", "24 Nov 2026 14:05 UTC". Fixed to English and UTC, whoever reads them: billing periods are UTC.
import type { AlertRuleKind } from '../../../../src/api/contract/alert-schemas'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** "8,012" */
export const minutesText = (minutes: number) => Math.round(minutes).toLocaleString('en-US')

/** "24 Nov 2026" */
export function dayText(ms: number): string {
  const date = new Date(ms)
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`
}

/** "24 Nov 2026 14:05 UTC" */
export function instantText(ms: number): string {
  const date = new Date(ms)
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${dayText(ms)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`
}

/** What a rule watches, in words: the rules list's description. */
export function ruleDescription(kind: AlertRuleKind, percent: number | null): string {
  if (kind === 'usage-percent') return `Minutes used reach ${percent ?? '?'}% of the commitment`
  if (kind === 'projected-over') return 'Minutes are projected to cross the commitment before the period ends'
  return 'A caller ID is answered less than usual'
}
