import { useQuery } from '@tanstack/react-query'
import { callQueries } from '@/api/calls'
import { Card, CardTitle } from '@/components/ui/card'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { isFailedStatus, isInProgressStatus } from '@/lib/call-status'
import { playableUrl } from './play-session'
import { RecordingPlayer } from './recording-player'

// Recording URLs are signed for an hour; fetching again before then keeps the Download link working.
const URL_REFRESH_MS = 45 * 60 * 1000

/** The call's recordings, once the call has ended. */
export function CallRecordingsPanel({ callId, status }: { callId: string; status: string }) {
  // Past the steps toward an ending (a status nobody here knows too): whatever the service has is asked for.
  const finished = !isInProgressStatus(status)
  const recordings = useQuery({
    ...callQueries.recordings(callId),
    enabled: finished,
    refetchInterval: URL_REFRESH_MS,
  })

  async function refreshUrl(index: number): Promise<string | null> {
    const { data } = await recordings.refetch()
    const url = data?.recordings[index]?.url
    return url ? playableUrl(url) : null
  }

  return (
    <Card aria-labelledby="recordings-title" className="flex flex-col gap-3">
      <CardTitle id="recordings-title">Recording</CardTitle>
      {!finished ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          The recording will be available when the call ends.
        </p>
      ) : recordings.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <span className="sr-only">Loading the recording…</span>
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : recordings.isError ? (
        <ErrorState
          title="The recordings could not be loaded"
          error={recordings.error}
          onRetry={() => void recordings.refetch()}
        />
      ) : recordings.data.recordings.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {/* A failed call may have been set to record and still have nothing: it was never answered. */}
          {isFailedStatus(status)
            ? 'No recording: the call was not recorded or was not answered.'
            : 'This call was not recorded.'}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          {recordings.data.recordings.map((recording, index) =>
            playableUrl(recording.url) === null ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: recordings have no id, and their URLs change on refresh.
              <p key={index} role="status" className="text-sm text-slate-600 dark:text-slate-400">
                Recording {index + 1} cannot be played: the service sent a link that is not a web address.
              </p>
            ) : (
              <RecordingPlayer
                // Signed URLs change on every fetch; the position in the list is what stays the same.
                // biome-ignore lint/suspicious/noArrayIndexKey: recordings have no id, and their URLs change on refresh.
                key={index}
                recording={recording}
                index={index}
                onRefreshUrl={() => refreshUrl(index)}
              />
            ),
          )}
        </div>
      )}
    </Card>
  )
}
