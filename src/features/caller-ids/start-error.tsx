import { isApiError } from '@/api/client'
import { ErrorState } from '@/components/ui/error-state'

/** Why a verification could not start. A 409 needs no retry: the number is already verified. */
export function StartError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isApiError(error) && error.status === 409) {
    return (
      <div
        role="alert"
        className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      >
        <p className="font-semibold">This number is already verified</p>
        <p className="mt-1 text-sm">
          It is in the list of caller IDs below and can be used for calls now. The service said: {error.message}
        </p>
      </div>
    )
  }
  return <ErrorState title="Could not start the verification" error={error} onRetry={onRetry} />
}
