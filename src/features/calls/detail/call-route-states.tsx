import type { ErrorComponentProps } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { isApiError } from '@/api/client'
import { RouteError } from '@/components/route-error'
import { Skeleton } from '@/components/ui/skeleton'

// A 404's page (no such call, or one the service is late to return) loads only when needed: the call route's error
// state is in every page's first JavaScript.
const CallNotFound = lazy(() => import('./call-not-found'))

/** A 404 is the user's answer, not a failure to retry (call-not-found.tsx); anything else is the page's error. */
export function CallRouteError(props: ErrorComponentProps) {
  if (isApiError(props.error) && props.error.status === 404) {
    return (
      <Suspense fallback={<CallSkeleton />}>
        <CallNotFound />
      </Suspense>
    )
  }
  return <RouteError {...props} title="This call could not be loaded" />
}

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
