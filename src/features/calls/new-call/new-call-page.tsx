import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useMemo } from 'react'
import { callerIdQueries } from '@/api/caller-ids'
import { VERIFICATION_STATUSES } from '@/api/contract/schemas'
import { EmptyState } from '@/components/ui/empty-state'
import { usePhoneFormat } from '@/lib/phone-format'
import { NewCallForm } from './new-call-form'
import { NewCallLayout } from './new-call-layout'
import { readNewCallLink } from './new-call-link'
import { type NewCallPrefill, readNewCallPrefill } from './new-call-prefill'

const route = getRouteApi('/calls/new')
// Below the form, and for browsers that have the API: it loads after the form.
const TelLinkHandlerOffer = lazy(() => import('./tel-link-handler'))

export function NewCallPage() {
  const { data } = useSuspenseQuery(callerIdQueries.list())
  // Only a verified number can be shown to the callee.
  const callerIds = data.caller_ids.filter((callerId) => callerId.verification_status === VERIFICATION_STATUSES[0])
  // useRouterState rather than useLocation: it is in every page's first JavaScript, useLocation a chunk of its own.
  const callAgain = useRouterState({ select: (state) => state.location.state.callAgain })
  const search = route.useSearch()
  const entry = useRouterState({ select: (state) => state.location.state.__TSR_key })
  const prefill = useMemo(() => readNewCallPrefill(callAgain) ?? readNewCallLink(search), [callAgain, search])
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
        <>
          {prefill && (
            <PrefillNotice
              prefill={prefill}
              callerIdKept={callerIds.some((c) => c.phone_number === prefill.values.callerId)}
            />
          )}
          {/* A new history entry (say, "New call" from the menu after "Call again") starts a new form. */}
          <NewCallForm key={entry} entry={entry} callerIds={callerIds} prefill={prefill} />
          <Suspense fallback={null}>
            <TelLinkHandlerOffer />
          </Suspense>
        </>
      )}
    </NewCallLayout>
  )
}

function PrefillNotice({ prefill, callerIdKept }: { prefill: NewCallPrefill; callerIdKept: boolean }) {
  const formatPhone = usePhoneFormat()
  const { callerId } = prefill.values
  return (
    <div className="max-w-2xl rounded-md border border-indigo-200 bg-indigo-50 p-3 text-sm text-indigo-950 dark:border-indigo-900 dark:bg-indigo-950 dark:text-indigo-100">
      <p>
        <PrefillSource prefill={prefill} />. Check the details: nothing is placed until you press Place call.
      </p>
      {callerId && !callerIdKept && (
        <p className="mt-1">
          Its caller ID, {formatPhone(callerId)}, is not one of your verified caller IDs now. Choose one below.
        </p>
      )}
    </div>
  )
}

function PrefillSource({ prefill }: { prefill: NewCallPrefill }) {
  if (prefill.from === 'link') return 'Filled in from a link'
  if (!prefill.fromCallId) return 'Filled in from an earlier call'
  return (
    <>
      Filled in from{' '}
      <Link to="/calls/$callId" params={{ callId: prefill.fromCallId }} className="font-medium break-all underline">
        call {prefill.fromCallId}
      </Link>
    </>
  )
}
