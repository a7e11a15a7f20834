// The call route's error state, apart from its skeleton (call-skeleton.tsx): the router splits a route's
// errorComponent into a chunk fetched only on a failure, so what is here stays out of every page's first JavaScript.
import type { ErrorComponentProps } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { isApiError } from '@/api/client'
import { RouteError } from '@/components/route-error'
import { CallSkeleton } from './call-skeleton'

// A 404's page (no such call, or one the service is late to return) loads only when needed.
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
