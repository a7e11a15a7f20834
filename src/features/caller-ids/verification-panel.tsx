import { useEffect, useRef } from 'react'
import type { StartVerificationResponse } from '@/api/contract/schemas'
import { Button } from '@/components/ui/button'
import { CopyButton } from '@/components/ui/copy-button'
import { cn } from '@/lib/cn'
import { usePhoneFormat } from '@/lib/phone-format'
import { randomId } from '@/lib/random-id'
import { formatElapsed, formatWait, groupDigits } from '@/lib/usage-format'
import { VERIFICATION_POLL_MS } from './request-verification'
import { RetryNotice } from './retry-notice'
import { StartError } from './start-error'
import { useStartVerification } from './use-start-verification'
import {
  removeVerification,
  type VerificationEntry,
  type VerificationPhase,
  verificationPhase,
} from './verification-store'

const frame: Record<VerificationPhase, string> = {
  waiting: 'border-indigo-300 bg-white dark:border-indigo-800 dark:bg-slate-900',
  verified: 'border-emerald-400 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950',
  'timed-out': 'border-amber-400 bg-amber-50 dark:border-amber-800 dark:bg-amber-950',
}

export function VerificationPanel({
  entry,
  now,
  focusOnStart,
  onStarted,
}: {
  entry: VerificationEntry
  now: number
  /** Just started here: focus the heading, so a screen reader reads the number and the code. */
  focusOnStart: boolean
  onStarted: (started: StartVerificationResponse) => void
}) {
  const phase = verificationPhase(entry, now)
  const number = usePhoneFormat()(entry.phoneNumber)
  const titleId = `verification-${entry.callerIdId}`
  const codeId = `${entry.callerIdId}-code`
  const heading = useRef<HTMLHeadingElement>(null)
  // Start again is a new request (a new code), so it gets its own key; retries and Retry reuse that key.
  const restartKey = useRef<string | null>(null)
  const { mutation: restart, retrying } = useStartVerification({
    onStarted: (started) => {
      restartKey.current = null
      onStarted(started)
    },
  })

  // startedAt changes when Start again gives this number a new code under the same id.
  useEffect(() => {
    if (focusOnStart && entry.startedAt) heading.current?.focus()
  }, [focusOnStart, entry.startedAt])

  function startAgain() {
    restartKey.current ??= randomId()
    restart.mutate({ phoneNumber: entry.phoneNumber, key: restartKey.current, timeoutMs: entry.timeoutMs })
  }

  return (
    <section aria-labelledby={titleId} className={cn('rounded-lg border-2 p-4', frame[phase])}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3
          id={titleId}
          ref={heading}
          tabIndex={-1}
          aria-describedby={phase === 'waiting' ? `${codeId}-label ${codeId}` : undefined}
          className="font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          Verification of {number}
        </h3>
        {/* Removing the entry also ends the polling once no other verification waits. */}
        <Button variant="ghost" size="sm" onClick={() => removeVerification(entry.callerIdId)}>
          {phase === 'waiting' ? 'Stop waiting' : 'Dismiss'}
        </Button>
      </div>
      {/* Present from the start, so the success text is announced when it arrives. */}
      <div role="status" className={cn(phase === 'verified' && 'mt-2 text-emerald-900 dark:text-emerald-100')}>
        {phase === 'verified' && (
          <p>
            <span className="font-semibold">Verified.</span> {number} is now one of your caller IDs and can be chosen on
            New call.
          </p>
        )}
      </div>
      {phase === 'timed-out' && (
        <div role="alert" className="mt-2 space-y-3 text-amber-950 dark:text-amber-100">
          <p>
            <span className="font-semibold">Not verified after {formatWait(entry.timeoutMs)}.</span> The call may have
            gone unanswered or the code was not entered. Start again to get a new code and a new call.
          </p>
          <Button onClick={startAgain} disabled={restart.isPending}>
            {restart.isPending ? 'Starting…' : 'Start again'}
          </Button>
          <RetryNotice retrying={retrying} />
          {restart.isError && <StartError error={restart.error} onRetry={startAgain} />}
        </div>
      )}
      {phase === 'waiting' && (
        <WaitingBody entry={entry} number={number} codeId={codeId} elapsedMs={now - entry.startedAt} />
      )}
    </section>
  )
}

function WaitingBody({
  entry,
  number,
  codeId,
  elapsedMs,
}: {
  entry: VerificationEntry
  number: string
  codeId: string
  elapsedMs: number
}) {
  const share = Math.min(100, Math.round((elapsedMs / entry.timeoutMs) * 100))
  return (
    <div className="mt-3 space-y-4">
      <div>
        <p className="text-sm text-slate-600 dark:text-slate-400" id={`${codeId}-label`}>
          Validation code
        </p>
        <div className="flex items-center gap-3">
          <output
            aria-labelledby={`${codeId}-label`}
            className="font-mono text-4xl font-bold tracking-widest tabular-nums"
          >
            {/* Its own id: the output's name is its label, the heading's description needs the digits. */}
            <span id={codeId}>{groupDigits(entry.validationCode)}</span>
          </output>
          <CopyButton value={entry.validationCode} label="Copy validation code" />
        </div>
      </div>
      {/* The service's own words say whom it calls and what to do; the page adds only its own part. */}
      <p className="text-sm">{entry.message}</p>
      <p className="text-sm">
        Then stay here: this page checks every {VERIFICATION_POLL_MS / 1000} seconds and shows when the number is
        verified.
      </p>
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
