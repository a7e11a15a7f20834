import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { callQueries } from '@/api/calls'
import { requirePermission } from '@/api/session'
import { CallLiveView } from '@/features/calls/detail/call-live-view'
import { CallRouteError } from '@/features/calls/detail/call-route-error'
import { CallSkeleton } from '@/features/calls/detail/call-skeleton'
import { callWorkPart } from '@/features/calls/detail/call-work-part'
import { loadPhoneFormats } from '@/lib/phone-format-loading'

// Its own chunk, after the call: the call page's first paint (and its budget) does not wait for callbacks.
const CallbackPanel = lazy(() =>
  import('@/features/callbacks/callback-panel').then((module) => ({ default: module.CallbackPanel })),
)

// Issue 53: the call's scores, in a chunk of their own (most people never score), placed under the recording.
const CallScorePanel = lazy(() =>
  import('@/features/scoring/call-score-panel').then((module) => ({ default: module.CallScorePanel })),
)

export const Route = createFileRoute('/calls/$callId')({
  beforeLoad: ({ context }) => requirePermission(context.session, 'calls:read'),
  // Then the formats of its two numbers, so that its first paint has them formatted.
  loader: async ({ context, params }) => {
    const [detail] = await Promise.all([
      context.queryClient.ensureQueryData(callQueries.detail(params.callId)),
      context.queryClient.ensureQueryData(callQueries.status(params.callId)),
      // The outcome and note panel's chunk, so it shows with the page rather than after it.
      callWorkPart.load(),
    ])
    await loadPhoneFormats([detail.call.caller_id, detail.call.destination])
  },
  head: ({ params }) => ({ meta: [{ title: `Call ${params.callId}` }] }),
  pendingComponent: CallSkeleton,
  // The skeleton comes with the page's chunk, not in every page's first JavaScript: it shows while the loader waits
  // for data (after the router's pendingMs), by when that chunk has arrived (or was preloaded on intent).
  codeSplitGroupings: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  errorComponent: CallRouteError,
  component: CallPage,
})

function CallPage() {
  const { callId } = Route.useParams()
  // A fresh view per call, so observed step times never leak between calls.
  return (
    <div className="space-y-6">
      <CallLiveView
        key={callId}
        callId={callId}
        underRecording={
          <Suspense fallback={null}>
            <CallScorePanel key={`scores-${callId}`} callId={callId} />
          </Suspense>
        }
      />
      <Suspense fallback={null}>
        <CallbackPanel key={`callback-${callId}`} callId={callId} />
      </Suspense>
    </div>
  )
}
