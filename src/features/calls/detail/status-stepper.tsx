import { QUEUED } from '@/api/contract/schemas'
import { useTimeZone } from '@/api/preferences'
import { cn } from '@/lib/cn'
import { formatStepTime } from '@/lib/time'
import { useNow } from '@/lib/use-now'
import { callStatusMeta, IN_PROGRESS_STATUSES, isFailedStatus, isFinishedStatus } from '../shared/call-status'

interface Step {
  key: string
  label: string
  at: string | undefined
  /** This tab saw the call in this step, or the service's own fields give its time. */
  known: boolean
}

export interface StepTimes {
  /** Undefined when the service did not give it. */
  createdAt: string | undefined
  /** From the status resource: when the service started the call. */
  startedAt: string | undefined
  /** started_at + duration_seconds (call-end-time.ts): the ending's time, when known. */
  endedAt: string | null
  /** Statuses this tab saw (use-observed-steps.ts), with the service's time for each ('' when it gave none). */
  seen: Record<string, string>
}

function stepsFor(
  status: string,
  { createdAt, startedAt, endedAt, seen }: StepTimes,
): { steps: Step[]; current: number } {
  const ended = isFinishedStatus(status)
  // The last step stands for whichever ending comes, until one has.
  const keys = [...IN_PROGRESS_STATUSES, ended ? status : 'DIALER_COMPLETED']
  const steps = keys.map((key, index) => {
    const label = index === IN_PROGRESS_STATUSES.length && !ended ? 'Completed or failed' : callStatusMeta(key).label
    // Placed, started and ended come from the service's own fields; a step between them only when this tab saw it.
    if (key === QUEUED) return { key, label, at: createdAt, known: true }
    if (key === 'DIALER_INITIATED') return { key, label, at: seen[key] || startedAt, known: true }
    if (ended && key === status) return { key, label, at: endedAt ?? undefined, known: true }
    return { key, label, at: seen[key] || undefined, known: key in seen }
  })
  return { steps, current: keys.indexOf(status) }
}

/**
 * queued → initiated → ringing or connected → completed/failed, with the time each step was seen.
 * The service reports only the current status, so a step this page did not see has no time: it says
 * "Not seen" (a gap in what is known, not a problem with the call), never a time it cannot know.
 */
export function StatusStepper({ status, ...times }: { status: string } & StepTimes) {
  const { steps, current } = stepsFor(status, times)
  const missed = steps.some((step, index) => index < current && !step.known)
  // Opened once the call had ended: nothing in between was seen, which the note says plainly.
  const openedAfterEnd = isFinishedStatus(status) && !IN_PROGRESS_STATUSES.some((key) => key in times.seen)
  const failed = isFailedStatus(status)
  const timeZone = useTimeZone()
  // Only decides whether a step was today: a minute is fine enough.
  const now = useNow(60_000)
  return (
    <div className="space-y-2">
      <ol aria-label="Call progress" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {steps.map((step, index) => {
          const done = current >= 0 && index < current
          const isCurrent = index === current
          return (
            <li
              key={step.key}
              aria-current={isCurrent ? 'step' : undefined}
              className={cn(
                'rounded-md border-t-4 bg-slate-50 px-3 py-1.5 dark:bg-slate-800/60',
                done && 'border-indigo-500',
                isCurrent && (failed ? 'border-red-600' : 'border-emerald-600'),
                !done && !isCurrent && 'border-slate-300 dark:border-slate-700',
              )}
            >
              <p className="text-sm font-medium">{step.label}</p>
              <p className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
                {!done && !isCurrent ? (
                  'Waiting'
                ) : step.at ? (
                  <time dateTime={step.at}>{formatStepTime(step.at, timeZone, now)}</time>
                ) : step.known ? (
                  'Time not given'
                ) : (
                  <>
                    Not seen<span className="sr-only"> by this page</span>
                  </>
                )}
              </p>
            </li>
          )
        })}
      </ol>
      {missed && (
        <p className="max-w-prose text-xs text-slate-600 dark:text-slate-400">
          {openedAfterEnd
            ? 'This page opened after the call ended. '
            : 'Some steps passed while this page was not checking. '}
          The service reports only a call’s current status, so a step this page did not see has no time; placed, started
          and ended are the service’s own times.
        </p>
      )}
    </div>
  )
}
