import { useMutation } from '@tanstack/react-query'
import { useRef } from 'react'
import { Button } from '@/components/ui/button'
import { CopyButton } from '@/components/ui/copy-button'
import { cn } from '@/lib/cn'
import { formatElapsed, formatWait, groupDigits } from '@/lib/usage-format'
import { formatPhoneForReading } from './format-phone'
import { requestVerification, VERIFICATION_POLL_MS } from './request-verification'
import { StartError } from './start-error'
import { removeVerification, type VerificationEntry, verificationPhase } from './verification-store'

const frame: Record<string, string> = {
  waiting: 'border-indigo-300 dark:border-indigo-800',
  verified: 'border-emerald-400 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950',
  'timed-out': 'border-amber-400 bg-amber-50 dark:border-amber-800 dark:bg-amber-950',
}

export function VerificationPanel({ entry, now }: { entry: VerificationEntry; now: number }) {
  const phase = verificationPhase(entry, now)
  const number = formatPhoneForReading(entry.phoneNumber)
  const titleId = `verification-${entry.callerIdId}`
  // Start again is a new request (a new code), so it gets its own key; its Retry reuses that key.
  const restartKey = useRef<string | null>(null)
  const restart = useMutation({
    mutationFn: () => {
      restartKey.current ??= crypto.randomUUID()
      return requestVerification(entry.phoneNumber, restartKey.current, entry.timeoutMs)
    },
    onSuccess: () => {
      restartKey.current = null
    },
  })
  return (
    <section
      aria-labelledby={titleId}
      className={cn('rounded-lg border-2 bg-white p-4 dark:bg-slate-900', frame[phase])}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          Verification of {number}
        </h3>
        {phase !== 'waiting' && (
          <Button variant="ghost" size="sm" onClick={() => removeVerification(entry.callerIdId)}>
            Dismiss
          </Button>
        )}
      </div>
      {phase === 'verified' ? (
        <p role="status" className="mt-2 text-emerald-900 dark:text-emerald-100">
          <span className="font-semibold">Verified.</span> {number} is now one of your caller IDs and can be chosen on
          New call.
        </p>
      ) : phase === 'timed-out' ? (
        <div role="alert" className="mt-2 space-y-3 text-amber-950 dark:text-amber-100">
          <p>
            <span className="font-semibold">Not verified after {formatWait(entry.timeoutMs)}.</span> The call may have
            gone unanswered or the code was not entered. Start again to get a new code and a new call.
          </p>
          <Button onClick={() => restart.mutate()} disabled={restart.isPending}>
            {restart.isPending ? 'Starting…' : 'Start again'}
          </Button>
          {restart.isError && <StartError error={restart.error} onRetry={() => restart.mutate()} />}
        </div>
      ) : (
        <WaitingBody entry={entry} number={number} elapsedMs={now - entry.startedAt} />
      )}
    </section>
  )
}

function WaitingBody({ entry, number, elapsedMs }: { entry: VerificationEntry; number: string; elapsedMs: number }) {
  const share = Math.min(100, Math.round((elapsedMs / entry.timeoutMs) * 100))
  return (
    <div className="mt-3 space-y-4">
      <div>
        <p className="text-sm text-slate-600 dark:text-slate-400" id={`${entry.callerIdId}-code-label`}>
          Validation code
        </p>
        <div className="flex items-center gap-3">
          <output
            aria-labelledby={`${entry.callerIdId}-code-label`}
            className="font-mono text-4xl font-bold tracking-widest tabular-nums"
          >
            {groupDigits(entry.validationCode)}
          </output>
          <CopyButton value={entry.validationCode} label="Copy validation code" />
        </div>
      </div>
      <p className="text-sm">{entry.message}</p>
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>We are calling {number} now.</li>
        <li>Answer the call and enter this code when asked.</li>
        <li>This page checks every {VERIFICATION_POLL_MS / 1000} seconds and shows when the number is verified.</li>
      </ol>
      <div>
        <div
          role="progressbar"
          aria-label={`Waiting for ${number} to be verified`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={share}
          aria-valuetext={`${formatElapsed(elapsedMs)} elapsed of ${formatElapsed(entry.timeoutMs)}`}
          className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <div className="h-full animate-pulse bg-indigo-600 dark:bg-indigo-400" style={{ width: `${share}%` }} />
        </div>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Waiting for verification… {formatElapsed(elapsedMs)} elapsed (gives up after {formatWait(entry.timeoutMs)})
        </p>
      </div>
    </div>
  )
}
