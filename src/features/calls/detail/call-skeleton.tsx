import { Skeleton } from '@/components/ui/skeleton'

/** The call page's shape while it loads; it comes with the page's chunk (the route's codeSplitGroupings). */
export function CallSkeleton() {
  return (
    <div className="space-y-6">
      <p className="sr-only" role="status">
        Loading call…
      </p>
      <Skeleton className="h-8 w-72" />
      {/* The state, then the recording: the order of the page it stands for. */}
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-28 w-full" />
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    </div>
  )
}
