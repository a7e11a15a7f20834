import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { JUST_ENDED_MS } from '@/api/contract/live-schemas'
import { sessionQueries } from '@/api/session'
import { SlowDownNotice } from '@/components/slow-down-notice'
import { buttonVariants } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'
import { useNow } from '@/lib/use-now'
import { UpdatesMode } from '../updates-mode'
import { BoardCounters } from './board-counters'
import { BoardFilters, useApplyLiveSearch } from './board-filters'
import { boardRows } from './board-rows'
import { BoardTable } from './board-table'
import { BoardTrouble } from './board-trouble'
import { RECENT_WINDOW_MS, useBoardCalls } from './use-board-calls'
import { WallClock } from './wall-clock'

const route = getRouteApi('/live')

/** Every call of the account in flight, the ones that just ended, and the last hour's counts. */
export function LiveBoardPage() {
  const search = route.useSearch()
  const apply = useApplyLiveSearch()
  const wall = search.wall === true
  const userId = useQuery(sessionQueries.current()).data?.user?.id ?? null
  const board = useBoardCalls()
  const now = useNow(1000)
  const rows = board.calls && boardRows(board.calls, search, userId)
  const pollingWindow = board.mode === 'polling'

  // Escape leaves wall mode (there is no navigation to leave it by).
  useEffect(() => {
    if (!wall) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && apply({ wall: undefined })
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [wall, apply])

  return (
    <div className={cn('space-y-6', wall && 'text-lg')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className={cn('font-semibold', wall ? 'text-5xl' : 'text-2xl')}>Live calls</h1>
          <UpdatesMode updatedAt={now} pollEvery="every 5 seconds" large={wall} />
        </div>
        <div className="flex items-center gap-6">
          {wall && <WallClock now={now} />}
          <Link
            to="/live"
            search={(prev) => ({ ...prev, wall: wall ? undefined : true })}
            className={cn(buttonVariants({ variant: 'secondary', size: wall ? 'md' : 'sm' }), wall && 'text-lg')}
          >
            {wall ? 'Leave wall mode' : 'Wall mode'}
          </Link>
        </div>
      </div>
      {board.paused && <SlowDownNotice message={board.paused.message} nextTryAt={Date.parse(board.paused.nextTryAt)} />}
      {rows && board.trouble && <BoardTrouble message={board.trouble} wall={wall} />}
      {!wall && <BoardFilters boardCallerIds={(board.calls ?? []).flatMap((e) => e.call.caller_id ?? [])} />}
      {rows ? (
        <>
          <BoardCounters inFlight={rows.inFlight.length} tally={board.tally} wall={wall} />
          <section aria-labelledby="in-flight-title" className="space-y-2">
            <h2 id="in-flight-title" className={cn('font-semibold', wall ? 'text-4xl' : 'text-lg')}>
              In flight
            </h2>
            {rows.inFlight.length ? (
              <BoardTable
                caption="Calls in flight, newest first"
                entries={rows.inFlight}
                variant="in-flight"
                now={now}
                wall={wall}
              />
            ) : board.trouble ? (
              <EmptyState title="No calls in flight could be read" large={wall}>
                The voice service's list could not be read (see above): calls may be ringing that are not shown here.
              </EmptyState>
            ) : (
              <EmptyState title="No calls in flight" large={wall}>
                A call placed anywhere on the account, here or through the API, appears within about 2 seconds.
              </EmptyState>
            )}
          </section>
          <section aria-labelledby="just-ended-title" className="space-y-2">
            <h2 id="just-ended-title" className={cn('font-semibold', wall ? 'text-4xl' : 'text-lg')}>
              Just ended
            </h2>
            <p className={cn('text-slate-600 dark:text-slate-400', wall ? 'text-xl' : 'text-sm')}>
              {pollingWindow
                ? `Calls placed in the last ${RECENT_WINDOW_MS / 60_000} minutes that have ended.`
                : `Calls stay here for ${JUST_ENDED_MS / 60_000} minutes after they end.`}
            </p>
            {rows.justEnded.length > 0 ? (
              <BoardTable
                caption="Calls that just ended, newest first"
                entries={rows.justEnded}
                variant={pollingWindow ? 'ended-unknown-time' : 'ended'}
                now={now}
                wall={wall}
              />
            ) : (
              <EmptyState title="No calls just ended" large={wall} />
            )}
          </section>
        </>
      ) : board.error ? (
        <ErrorState error={board.error} title="The calls in flight could not be loaded" />
      ) : (
        <div className="space-y-3" aria-busy="true">
          <span className="sr-only">Loading the calls in flight</span>
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      )}
    </div>
  )
}
