import { isApiError } from '@/api/client'
import { type RetryInfo, retryingText } from '@/api/idempotent-submit'
import { Button } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-error'
import { errorText } from '@/lib/error-text'

/** What is happening with the submission: sending, retrying by itself, or what went wrong and what to do. */
export function NewCallFeedback({
  sending,
  retrying,
  clientInvalid,
  failure,
  otherErrors,
  onTryAgain,
}: {
  sending: boolean
  retrying: RetryInfo | null
  clientInvalid: boolean
  failure: unknown
  otherErrors: string[]
  onTryAgain?: () => void
}) {
  if (sending) {
    return (
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {retrying ? retryingText(retrying, 'The call will be placed only once.') : 'Placing the call…'}
      </p>
    )
  }
  if (clientInvalid) {
    return <FormError>Fix the marked fields, then place the call.</FormError>
  }
  if (!failure) return null
  const hasFieldErrors = isApiError(failure) && (failure.problem?.errors?.length ?? 0) > 0
  const transient = isApiError(failure) && failure.isTransient
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">The call was not placed</p>
      <p className="mt-1">{errorText(failure)}</p>
      {otherErrors.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {otherErrors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <p className="mt-1">
        {hasFieldErrors
          ? 'Fix the marked fields, then place the call again.'
          : transient
            ? 'Your form is kept. Trying again is safe: if the service did get the call, it will not be placed twice.'
            : 'Your form is kept.'}
      </p>
      {onTryAgain && !hasFieldErrors && (
        <Button variant="secondary" size="sm" className="mt-3" onClick={onTryAgain}>
          Try again
        </Button>
      )}
    </div>
  )
}
