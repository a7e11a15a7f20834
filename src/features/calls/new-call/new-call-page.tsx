import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { callerIdQueries } from '@/api/caller-ids'
import { VERIFICATION_STATUSES } from '@/api/schemas'
import { EmptyState } from '@/components/ui/empty-state'
import { NewCallForm } from './new-call-form'
import { NewCallLayout } from './new-call-layout'

export function NewCallPage() {
  const { data } = useSuspenseQuery(callerIdQueries.list())
  // Only a verified number can be shown to the callee.
  const callerIds = data.caller_ids.filter((callerId) => callerId.verification_status === VERIFICATION_STATUSES[0])
  return (
    <NewCallLayout>
      {callerIds.length === 0 ? (
        <EmptyState
          title="No verified caller IDs yet"
          action={
            <Link to="/caller-ids" className="text-sm font-medium text-indigo-700 underline dark:text-indigo-300">
              Add a caller ID
            </Link>
          }
        >
          A call needs a verified number to show the person you call. Verify one on the Caller IDs page first.
        </EmptyState>
      ) : (
        <NewCallForm callerIds={callerIds} />
      )}
    </NewCallLayout>
  )
}
