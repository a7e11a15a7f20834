import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useRouterState } from '@tanstack/react-router'
import { type ReactNode, Suspense, useEffect, useRef } from 'react'
import { accountQueries } from '@/api/account'
import { callQueries } from '@/api/calls'
import { can, sessionQueries } from '@/api/session'
import { isFinishedStatus, isInProgressStatus, statusPollInterval, unknownStatusChecksEnded } from '@/lib/call-status'
import { useLiveCovers, useLiveWatch } from '@/live/use-live'
import { CallRecordingsPanel } from '../recordings/recordings-panel'
import { callEndTime } from '../shared/call-end-time'
import { CallAuditLink } from './call-audit-link'
import { CallDetailFields } from './call-detail-fields'
import { CallPageHeader } from './call-page-header'
import { CallStateCard } from './call-state-card'
import { CallTechnicalDetails } from './call-technical-details'
import { callWorkPart } from './call-work-part'
import { UnreadableFieldsNotice } from './detail-values'
import { useObservedSteps } from './use-observed-steps'

const CallWorkPanel = callWorkPart.Component

/**
 * The live view of one call: follows its status (pushed, or polled) until it ends, then shows the final record.
 * In the order people come for: the state, the recording, the details, the technical values.
 */
export function CallLiveView({
  callId,
  underRecording,
}: {
  callId: string
  /** What the route puts right under the recording (the call's scores), so the player stays at hand with it. */
  underRecording?: ReactNode
}) {
  const queryClient = useQueryClient()
  const covered = useLiveCovers(callId)
  const {
    data: { call, unreadable },
  } = useSuspenseQuery(callQueries.detail(callId))
  const {
    data: live,
    dataUpdatedAt,
    isFetching,
  } = useSuspenseQuery({
    ...callQueries.status(callId),
    // The event stream keeps a call on its board current at no cost per tab (live-query-sync.ts writes its
    // statuses here); otherwise poll.
    refetchInterval: (query) =>
      covered
        ? false
        : statusPollInterval(query.state.data?.status, query.state.fetchFailureCount, query.state.dataUpdateCount),
    // A hidden tab does not need a status every second.
    refetchIntervalInBackground: false,
  })
  const finished = isFinishedStatus(live.status)
  // Read on each new answer (dataUpdatedAt changes, so this renders again).
  const answers = queryClient.getQueryState(callQueries.status(callId).queryKey)?.dataUpdateCount ?? 0
  // Only a call in progress is watched live; a status nobody here knows is asked for slowly, a bounded number of times.
  useLiveWatch(callId, isInProgressStatus(live.status))
  // useRouterState rather than useLocation: it is in every page's first JavaScript, useLocation a chunk of its own.
  const placedHere = useRouterState({ select: (state) => state.location.state.placedCall === true })
  const placedWithRecording = useRouterState({ select: (state) => state.location.state.placedWithRecording === true })
  const mayPlaceCalls = can(useQuery(sessionQueries.current()).data, 'calls:create')
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (placedHere) heading.current?.focus()
  }, [placedHere])
  const seen = useObservedSteps(callId, live.status, live.updated_at)
  const endedAt = callEndTime(live.started_at, live.duration_seconds ?? call.duration_seconds)

  // Reload the full record and recordings once, when this page sees the call end.
  const wasFinished = useRef(finished)
  useEffect(() => {
    if (!finished || wasFinished.current) return
    wasFinished.current = true
    void queryClient.invalidateQueries({ queryKey: callQueries.detail(callId).queryKey, exact: true })
    void queryClient.invalidateQueries({ queryKey: callQueries.recordings(callId).queryKey })
    void queryClient.invalidateQueries({ queryKey: callQueries.lists() })
    void queryClient.invalidateQueries({ queryKey: accountQueries.all() })
  }, [finished, callId, queryClient])

  const callAgain =
    finished && mayPlaceCalls
      ? {
          fromCallId: call.call_id,
          request: {
            caller_id: call.caller_id ?? '',
            destination: call.destination ?? '',
            // The call detail has no "record" field: a recording says it was on, and so does
            // the creation response when the call was placed from this tab.
            record: Boolean(call.recording_url) || placedWithRecording,
            metadata: call.metadata ?? {},
          },
        }
      : null

  return (
    <div className="space-y-6">
      <CallPageHeader call={call} headingRef={heading} />
      <CallAuditLink callId={call.call_id} />
      <CallStateCard
        status={live.status}
        durationSeconds={live.duration_seconds ?? call.duration_seconds ?? null}
        billedMinutes={call.billed_minutes ?? null}
        unknownChecksEnded={unknownStatusChecksEnded(answers)}
        voicemailDrop={call.voicemail_drop === true}
        updatedAt={dataUpdatedAt}
        refreshing={isFetching && !finished}
        callAgain={callAgain}
        times={{ createdAt: call.created_at ?? undefined, startedAt: live.started_at ?? undefined, endedAt, seen }}
      />
      {/* The recording first: a finished call's recording is on screen without scrolling (e2e/recordings.spec.ts). */}
      <CallRecordingsPanel callId={callId} status={live.status} />
      {underRecording}
      <Suspense fallback={null}>
        <CallWorkPanel callId={callId} destination={call.destination} />
      </Suspense>
      <UnreadableFieldsNotice unreadable={unreadable} />
      <CallDetailFields call={call} endedAt={endedAt} unreadable={unreadable} />
      <CallTechnicalDetails call={call} />
    </div>
  )
}
