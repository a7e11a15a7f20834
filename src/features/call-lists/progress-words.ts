import type { CallListProgress } from '@/api/contract/call-list-schemas'
import { formatNumber } from '@/lib/format'

/** "3 of 20 done · 17 left (2 later)": where a list stands, in one line. */
export function progressWords(progress: CallListProgress): string {
  const later = progress.later > 0 ? ` (${formatNumber(progress.later)} later)` : ''
  return `${formatNumber(progress.done)} of ${formatNumber(progress.total)} done · ${formatNumber(progress.left)} left${later}`
}
