import { Link } from '@tanstack/react-router'
import { buttonVariants } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { callStatusMeta, isKnownStatus, UNKNOWN_STATUS_MAX_CHECKS } from '@/lib/call-status'
import { cn } from '@/lib/cn'
import { formatDuration, pluralize } from '@/lib/format'
import { secondsSince } from '@/lib/time'
import { useNow } from '@/lib/use-now'
import { UpdatesMode } from '@/live/updates-mode'
import type { CallAgain } from '../shared/call-again-state'
import { callAgainState } from '../shared/call-again-state'
import { type CallOutcomeKind, callOutcome } from './call-outcome'
import { StatusStepper, type StepTimes } from './status-stepper'

const HEADLINE_TONE: Record<CallOutcomeKind, string> = {
  live: 'text-slate-900 dark:text-slate-50',
  completed: 'text-emerald-800 dark:text-emerald-300',
  failed: 'text-red-700 dark:text-red-300',
  unknown: 'text-slate-900 dark:text-slate-50',
}

const DOT_TONE: Record<CallOutcomeKind, string> = {
  live: 'bg-amber-500 motion-safe:animate-pulse',
  completed: 'bg-emerald-600',
  failed: 'bg-red-600',
  unknown: 'bg-slate-500',
}

/**
 * What the person came to see first: the call's state in words, how long it has been going
 * (ticking, only while its status says it is in progress) or how long it lasted, and for an ended
 * call the way to call again. A status nobody here knows shows what the service gave and no clock.
 */
export function CallStateCard({
  status,
  durationSeconds,
  billedMinutes,
  unknownChecksEnded,
  voicemailDrop,
  updatedAt,
  refreshing,
  callAgain,
  times,
}: {
  status: string
  durationSeconds: number | null
  billedMinutes: number | null
  /** An unknown status has been asked for as often as the page will: it says it stopped. */
  unknownChecksEnded: boolean
  voicemailDrop: boolean
  /** When the status was last fetched (epoch ms). */
  updatedAt: number
  refreshing: boolean
  /** Set when the call has ended and this person may place calls. */
  callAgain: CallAgain | null
  times: StepTimes
}) {
  const outcome = callOutcome(status, { voicemailDrop })
  const live = outcome.kind === 'live'
  return (
    <Card aria-labelledby="call-state-title" className="flex flex-col gap-4">
      <h2 id="call-state-title" className="sr-only">
        Status
      </h2>
      {/* Polite, and only the state: a screen reader hears it change, not the clock tick. */}
      <p role="status" className="sr-only">
        Call status: {callStatusMeta(status).label}
      </p>
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        <div className="min-w-0 flex-1 basis-64">
          <p className={cn('flex items-center gap-3 text-2xl font-semibold sm:text-3xl', HEADLINE_TONE[outcome.kind])}>
            <span aria-hidden="true" className={cn('size-3 shrink-0 rounded-full', DOT_TONE[outcome.kind])} />
            {outcome.headline}
          </p>
          <p className="mt-1 max-w-prose text-sm text-slate-700 dark:text-slate-300">{outcome.meaning}</p>
          {outcome.kind === 'unknown' && (
            <p className="mt-1 max-w-prose text-sm text-slate-600 dark:text-slate-400">
              {unknownChecksEnded
                ? `No longer checked: the service gave this status ${UNKNOWN_STATUS_MAX_CHECKS} times. Reload the page to ask again.`
                : `Checked again once a minute, ${UNKNOWN_STATUS_MAX_CHECKS} times at most.`}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          {live ? (
            <div className="sm:text-right">
              <ElapsedTimer since={times.createdAt ?? ''} />
              <UpdatesMode updatedAt={updatedAt} fetching={refreshing} pollEvery="every second" />
            </div>
          ) : outcome.kind === 'completed' || outcome.kind === 'unknown' ? (
            <Figure label="Duration" value={formatDuration(durationSeconds)} />
          ) : null}
          {outcome.kind === 'unknown' && (
            <Figure label="Billed" value={billedMinutes === null ? '—' : pluralize(billedMinutes, 'minute')} />
          )}
          {callAgain && (
            <Link
              to="/calls/new"
              state={callAgainState(callAgain)}
              className={buttonVariants({ variant: outcome.kind === 'failed' ? 'primary' : 'secondary' })}
            >
              Call again
            </Link>
          )}
        </div>
      </div>
      {/* The steps lead to an ending; a status outside them has no place on it. */}
      {isKnownStatus(status) && <StatusStepper status={status} {...times} />}
    </Card>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <p className="flex items-baseline gap-2 sm:flex-col sm:items-end sm:gap-0">
      <span className="text-xs font-medium text-slate-600 uppercase dark:text-slate-400">{label}</span>{' '}
      <span className="text-3xl font-semibold tabular-nums">{value}</span>
    </p>
  )
}

/** Elapsed since the call was placed, as m:ss, every second. A timer is not read out on each tick. */
function ElapsedTimer({ since }: { since: string }) {
  const now = useNow(1000)
  return (
    <p className="flex items-baseline gap-2 sm:flex-col sm:items-end sm:gap-0">
      <span id="call-elapsed-label" className="text-xs font-medium text-slate-600 uppercase dark:text-slate-400">
        Elapsed
      </span>{' '}
      <span role="timer" aria-labelledby="call-elapsed-label" className="text-4xl font-semibold tabular-nums">
        {formatDuration(secondsSince(since, now))}
      </span>
    </p>
  )
}
