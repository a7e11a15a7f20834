// Kept apart from the page: the skeleton (the route's pendingComponent, in the page's own chunk) shows while the
// form's chunks, with their phone metadata, are still on their way.
import type { ReactNode } from 'react'
import { Skeleton } from '@/components/ui/skeleton'

export function NewCallLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">New call</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Choose the number to show, enter the number to call, and place the call.
        </p>
      </div>
      {children}
    </div>
  )
}

export function NewCallSkeleton() {
  return (
    <NewCallLayout>
      <div className="flex max-w-2xl flex-col gap-6">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex flex-col gap-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-9 w-full" />
          </div>
        ))}
        <Skeleton className="h-9 w-28" />
      </div>
    </NewCallLayout>
  )
}
