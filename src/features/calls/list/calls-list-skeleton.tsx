import { Skeleton } from '@/components/ui/skeleton'
import { CallsHeader } from './calls-header'

/** The first load of the list: the page's frame with placeholders. */
export function CallsListSkeleton() {
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <CallsHeader />
      </div>
      <div className="flex gap-4">
        {['a', 'b', 'c', 'd'].map((k) => (
          <Skeleton key={k} className="h-12 w-36" />
        ))}
      </div>
      <CallsRowsSkeleton />
    </div>
  )
}

/** Rows still loading, under filters that are already there. */
export function CallsRowsSkeleton() {
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <p className="sr-only" role="status">
        Loading calls…
      </p>
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <Skeleton key={i} className="h-8 w-full" />
      ))}
    </div>
  )
}
