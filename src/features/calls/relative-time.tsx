import { formatExact, formatRelative } from '@/lib/time'
import { useNow } from '@/lib/use-now'

/** Relative time, with the exact local time on hover and in the markup. */
export function RelativeTime({ iso }: { iso: string }) {
  const now = useNow(15_000)
  return (
    <time dateTime={iso} title={formatExact(iso)}>
      {formatRelative(iso, now)}
    </time>
  )
}
