import { formatExact, formatRelative } from '@/lib/time'
import { useNow } from '@/lib/use-now'

/**
 * Relative time, with the exact local time on hover, in the markup, and as text after it:
 * screen readers read that text, and inside a `group` (a table row) it shows while the group has keyboard focus.
 */
export function RelativeTime({ iso }: { iso: string }) {
  const now = useNow(15_000)
  const exact = formatExact(iso)
  return (
    <time dateTime={iso} title={exact}>
      {formatRelative(iso, now)}
      <span className="sr-only text-xs text-slate-600 group-has-[:focus-visible]:not-sr-only group-has-[:focus-visible]:block dark:text-slate-400">
        {` (${exact})`}
      </span>
    </time>
  )
}
