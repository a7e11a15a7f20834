import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { callerIdQueries } from '@/api/caller-ids'
import { VERIFICATION_STATUSES } from '@/api/schemas'
import { EmptyState } from '@/components/ui/empty-state'
import { Skeleton } from '@/components/ui/skeleton'
import { NewCallForm } from './new-call-form'

const VERIFIED: string = VERIFICATION_STATUSES[0]

export function NewCallPage() {
  const { data } = useSuspenseQuery(callerIdQueries.list())
  // Only a verified number can be shown to the callee.
  const callerIds = data.caller_ids.filter((callerId) => callerId.verification_status === VERIFIED)
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

function NewCallLayout({ children }: { children: ReactNode }) {
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
