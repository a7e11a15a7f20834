import type { ReactNode } from 'react'
import { errorText } from '@/lib/error-text'
import { Button } from './button'

/** What went wrong, in the service's words, and a way to try again. */
export function ErrorState({
  error,
  onRetry,
  title = 'Something went wrong',
  children,
}: {
  error: unknown
  onRetry?: () => void
  title?: string
  /** Another way out, where trying again cannot help. */
  children?: ReactNode
}) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm">{errorText(error)}</p>
      {onRetry && (
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
          Retry
        </Button>
      )}
      {children}
    </div>
  )
}
