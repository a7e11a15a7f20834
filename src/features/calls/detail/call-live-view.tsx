import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useLocation } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { accountQueries } from '@/api/account'
import { callQueries } from '@/api/calls'
import { Card } from '@/components/ui/card'
import { CopyButton } from '@/components/ui/copy-button'
import { formatDuration } from '@/lib/format'
import { secondsSince } from '@/lib/time'
import { useNow } from '@/lib/use-now'
import { CallRecordingsPanel } from '../recordings/recordings-panel'
import { callStatusMeta, isFinishedStatus, statusPollInterval } from '../shared/call-status'
import { CallStatusBadge } from '../shared/call-status-badge'
import { listReturnSearch } from '../shared/list-return'
import { UpdatedAgo } from '../shared/updated-ago'
import { CallDetailFields } from './call-detail-fields'
import { StatusStepper } from './status-stepper'
import { useObservedSteps } from './use-observed-steps'

/** The live view of one call: polls its status until it ends, then shows the final record. */
export function CallLiveView({ callId }: { callId: string }) {
  const queryClient = useQueryClient()
  const { data: call } = useSuspenseQuery(callQueries.detail(callId))
  const {
    data: live,
    dataUpdatedAt,
    isFetching,
  } = useSuspenseQuery({
    ...callQueries.status(callId),
    refetchInterval: (query) => statusPollInterval(query.state.data?.status, query.state.fetchFailureCount),
    // A hidden tab does not need a status every second.
    refetchIntervalInBackground: false,
  })
  const finished = isFinishedStatus(live.status)
  const placedHere = useLocation({ select: (location) => location.state.placedCall === true })
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (placedHere) heading.current?.focus()
  }, [placedHere])
  const seen = useObservedSteps(live.status, live.updated_at)

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

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm">
            <Link
              to="/calls"
              search={listReturnSearch()}
              className="text-indigo-700 hover:underline dark:text-indigo-300"
            >
              ← All calls
            </Link>
          </p>
          <h1
            ref={heading}
            tabIndex={-1}
            className="mt-1 text-2xl font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            Call to {call.destination}
          </h1>
          <p className="mt-1 flex items-center gap-1 text-sm text-slate-600 dark:text-slate-400">
            <code className="font-mono text-xs">{call.call_id}</code>
            <CopyButton value={call.call_id} label="Copy call ID" variant="ghost" size="xs" />
          </p>
        </div>
        <div className="text-right">
          <CallStatusBadge status={live.status} />
          <UpdatedAgo updatedAt={dataUpdatedAt} fetching={isFetching && !finished} />
        </div>
      </div>

      <Card aria-labelledby="call-progress-title" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="call-progress-title" className="text-base font-semibold">
            Progress
          </h2>
          <CallClock
            finished={finished}
            since={call.created_at}
            durationSeconds={live.duration_seconds ?? call.duration_seconds}
          />
        </div>
        <p role="status" className="sr-only">
          Call status: {callStatusMeta(live.status).label}
        </p>
        <StatusStepper status={live.status} createdAt={call.created_at} startedAt={live.started_at} seen={seen} />
      </Card>

      <CallDetailFields call={call} />

      <CallRecordingsPanel callId={callId} status={live.status} />
    </div>
  )
}

function CallClock({
  finished,
  since,
  durationSeconds,
}: {
  finished: boolean
  since: string
  durationSeconds: number | null
}) {
  const now = useNow(1000, !finished)
  if (finished) {
    return <p className="text-sm tabular-nums">Duration {formatDuration(durationSeconds)}</p>
  }
  return (
    <p className="text-sm tabular-nums" aria-live="off">
      Elapsed {formatDuration(secondsSince(since, now))}
    </p>
  )
}
