import { useIsFetching, useQueryClient } from '@tanstack/react-query'
import { Link, useParams } from '@tanstack/react-router'
import { callQueries } from '@/api/calls'
import { buttonVariants } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { CallSkeleton } from './call-skeleton'
import { knownCall } from './known-call'
import { ListedCallMissing } from './listed-call-missing'

/**
 * The service answered 404 for this call. "No such call", unless this tab saw it listed or its detail answered:
 * the service is then only late to agree with itself (listed-call-missing.tsx).
 */
export default function CallNotFound() {
  const queryClient = useQueryClient()
  const callId = useParams({ strict: false }).callId ?? ''
  // The route reads the detail and the status together and shows this page on the first 404. When the status's comes
  // back first and nothing else is known of the call, the detail's answer decides what to say: wait for it (this
  // re-renders when it has). A call known from a list shows at once, and says "status" once its detail answers.
  const readingDetail = useIsFetching({ queryKey: callQueries.detail(callId).queryKey, exact: true }) > 0
  const known = knownCall(queryClient, callId)
  if (!known && readingDetail) return <CallSkeleton />
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
