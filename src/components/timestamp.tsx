import { useId, useState } from 'react'
import { useTimeZone } from '@/api/preferences'
import { cn } from '@/lib/cn'
import { formatCompact, formatFull, formatRelative } from '@/lib/time'
import { useNow } from '@/lib/use-now'

/**
 * One way to show an instant: the exact time in the person's zone, with how long ago beside it.
 * The full time with weekday, seconds and zone is a tooltip that opens on hover and on keyboard
 * focus (the time is a tab stop), is read as the time's description, and closes on Escape until the time loses focus.
 *
 * `compact` (tables): "Nov 19, 14:32" over "5 minutes ago". `inline` (dense tables): the same on one line.
 * `full` (detail pages): the full time, then "(5 minutes ago)".
 */
export function Timestamp({ iso, variant = 'compact' }: { iso: string; variant?: 'compact' | 'inline' | 'full' }) {
  const timeZone = useTimeZone()
  const now = useNow(15_000)
  const tooltipId = useId()
  const [dismissed, setDismissed] = useState(false)
  const full = formatFull(iso, timeZone)
  const relative = formatRelative(iso, now, timeZone)

  if (variant === 'full') {
    return (
      <span>
        <time dateTime={iso}>{full}</time>
        <span className="text-slate-600 dark:text-slate-400"> ({relative})</span>
      </span>
    )
  }
  return (
    <span
      className={cn(
        'group/time relative',
        variant === 'inline' ? 'inline-flex items-baseline gap-1.5' : 'inline-block',
      )}
    >
      <time
        dateTime={iso}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab stop is how a keyboard reaches the full time.
        tabIndex={0}
        aria-describedby={tooltipId}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !dismissed) {
            event.stopPropagation()
            setDismissed(true)
          }
        }}
        onBlur={() => setDismissed(false)}
        className="whitespace-nowrap rounded-sm tabular-nums focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        {formatCompact(iso, timeZone, now)}
      </time>
      <span className="block whitespace-nowrap text-xs text-slate-600 dark:text-slate-400">
        {variant === 'inline' && (
          <span aria-hidden="true" className="mr-1.5">
            ·
          </span>
        )}
        {relative}
      </span>
      <span
        role="tooltip"
        id={tooltipId}
        className={cn(
          'pointer-events-none absolute top-full left-0 z-30 mt-1 whitespace-nowrap rounded-md bg-slate-900 px-2 py-1 text-xs text-white opacity-0 shadow-sm transition-opacity dark:bg-slate-100 dark:text-slate-900',
          !dismissed && 'group-hover/time:opacity-100 group-has-[:focus-visible]/time:opacity-100',
        )}
      >
        {full}
      </span>
    </span>
  )
}
