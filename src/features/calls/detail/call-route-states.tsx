import { useQueryClient } from '@tanstack/react-query'
import { type ErrorComponentProps, Link, useParams } from '@tanstack/react-router'
import { callQueries } from '@/api/calls'
import { isApiError } from '@/api/client'
import { RouteError } from '@/components/route-error'
import { buttonVariants } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Skeleton } from '@/components/ui/skeleton'
import { knownCall, ListedCallMissing } from './listed-call-missing'

/**
 * A 404 is the user's answer ("no such call"), not a failure to retry: unless this tab saw the call listed, or its
 * detail answered, when the service is only late to agree with itself (listed-call-missing.tsx).
 */
export function CallRouteError(props: ErrorComponentProps) {
  const queryClient = useQueryClient()
  const callId = useParams({ strict: false }).callId ?? ''
  if (isApiError(props.error) && props.error.status === 404) {
    const known = knownCall(queryClient, callId)
    if (known) {
      const detailAnswered = queryClient.getQueryData(callQueries.detail(callId).queryKey) !== undefined
      return <ListedCallMissing call={known} whatIsMissing={detailAnswered ? 'status' : 'detail'} />
    }
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold">Call not found</h1>
        <EmptyState
          title="Call not found"
          action={
            <Link to="/calls" className={buttonVariants({ variant: 'secondary' })}>
              Back to calls
            </Link>
          }
        >
          There is no call with this ID on this account. Check the link, or find the call in the list.
        </EmptyState>
      </div>
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
