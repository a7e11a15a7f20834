import { useTimeZone } from '@/api/preferences'
import { QUEUED } from '@/api/schemas'
import { cn } from '@/lib/cn'
import { formatStepTime } from '@/lib/time'
import { useNow } from '@/lib/use-now'
import { callStatusMeta, IN_PROGRESS_STATUSES, isFailedStatus, isFinishedStatus } from '../shared/call-status'

interface Step {
  key: string
  label: string
  at: string | undefined
}

export interface StepTimes {
  createdAt: string
  /** From the status resource: when the service started the call. */
  startedAt: string
  /** started_at + duration_seconds (call-end-time.ts): the ending's time, when known. */
  endedAt: string | null
  seen: Record<string, string>
}

function stepsFor(
  status: string,
  { createdAt, startedAt, endedAt, seen }: StepTimes,
): { steps: Step[]; current: number } {
  const ended = isFinishedStatus(status)
  // The ending's time is worked out from the spec's fields; a step before it, when this page saw it.
  const stepTime = (key: string) => (ended && key === status ? (endedAt ?? undefined) : seen[key])
  // The last step stands for whichever ending comes, until one has.
  const keys = [...IN_PROGRESS_STATUSES, ended ? status : 'DIALER_COMPLETED']
  const steps = keys.map((key, index) => ({
    key,
    label: index === IN_PROGRESS_STATUSES.length && !ended ? 'Completed or failed' : callStatusMeta(key).label,
    at: key === QUEUED ? createdAt : key === 'DIALER_INITIATED' ? (seen[key] ?? startedAt) : stepTime(key),
  }))
  return { steps, current: keys.indexOf(status) }
}

/**
 * queued → initiated → ringing or connected → completed/failed, with the time each step was seen.
 * The service reports only the current status, so a step this page did not see has no time:
 * that is a gap in what is known, not a problem with the call.
 */
export function StatusStepper({ status, ...times }: { status: string } & StepTimes) {
  const { steps, current } = stepsFor(status, times)
  const failed = isFailedStatus(status)
  const timeZone = useTimeZone()
  // Only decides whether a step was today: a minute is fine enough.
  const now = useNow(60_000)
  return (
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
              {step.at && (done || isCurrent) ? (
                <time dateTime={step.at}>{formatStepTime(step.at, timeZone, now)}</time>
              ) : done || isCurrent ? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">time not recorded</span>
                </>
              ) : (
                'Waiting'
              )}
            </p>
          </li>
        )
      })}
    </ol>
  )
}
