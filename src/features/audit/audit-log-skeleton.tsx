import { Skeleton } from '@/components/ui/skeleton'

/** The first load of the page: its frame with placeholders. */
export function AuditLogSkeleton() {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Audit log</h1>
      <div className="flex gap-4">
        {['a', 'b', 'c', 'd'].map((k) => (
          <Skeleton key={k} className="h-12 w-36" />
        ))}
      </div>
      <AuditRowsSkeleton />
    </div>
  )
}

/** Entries still loading, under filters that are already there. */
export function AuditRowsSkeleton() {
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <p className="sr-only" role="status">
        Loading entries…
      </p>
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <Skeleton key={i} className="h-8 w-full" />
      ))}
    </div>
  )
}
