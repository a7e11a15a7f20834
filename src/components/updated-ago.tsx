import { formatUpdatedAgo } from '@/lib/time'
import { useNow } from '@/lib/use-now'

/** "Updated N s ago" for data that refreshes itself; not live, since it changes every second and would be read out each time. */
export function UpdatedAgo({ updatedAt, fetching }: { updatedAt: number; fetching?: boolean }) {
  const now = useNow()
  return (
    <p className="text-xs text-slate-600 dark:text-slate-400" aria-live="off">
      {formatUpdatedAgo(updatedAt, Math.max(now, updatedAt))}
      {fetching ? ' · refreshing…' : ''}
    </p>
  )
}
