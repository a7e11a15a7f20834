import { cn } from '@/lib/cn'
import { formatNumber } from '@/lib/format'
import type { SourceChoice } from './calls-source'

export const INDEX_NOTICE_ID = 'calls-index-notice'

/**
 * What the page must say about where its rows come from: that search is unavailable, that the index is
 * catching up, or that results may be incomplete. The disabled filters point here for their reason.
 */
export function IndexNotice({ notice }: { notice: NonNullable<SourceChoice['notice']> }) {
  return (
    <p
      id={INDEX_NOTICE_ID}
      role="status"
      className={cn(
        'rounded-md border px-3 py-2 text-sm',
        notice.tone === 'warning'
          ? 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100'
          : 'border-slate-200 bg-slate-50 text-slate-800 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200',
      )}
    >
      {notice.text}
    </p>
  )
}

/** "212 billed minutes": of the ended calls the view selects, on all pages (none known past the count's cap). */
export function billedMinutesText(minutes: number): string {
  return `${formatNumber(minutes)} billed ${minutes === 1 ? 'minute' : 'minutes'}`
}

/**
 * "1,234 calls" or "10,000+ calls": how many rows the view selects, on all pages; "so far" while the index is
 * still counting them, so a partial count never reads as the total.
 */
export function matchCount(total: { count: number; capped: boolean; counting?: boolean }): string {
  const count = `${formatNumber(total.count)}${total.capped ? '+' : ''}`
  return `${count} ${total.count === 1 && !total.capped ? 'call' : 'calls'}${total.counting ? ' so far' : ''}`
}
