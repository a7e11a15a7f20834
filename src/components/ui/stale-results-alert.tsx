import type { ReactNode } from 'react'
import { Button } from './button'

/**
 * Above a list whose last load failed while older results stay on screen: says what failed and
 * that the rows below are from before, with a Retry. The rows are never silently stale.
 */
export function StaleResultsAlert({
  children,
  onRetry,
  instead,
}: {
  children: ReactNode
  onRetry: () => void
  /** The way out where trying again cannot help, in place of Retry. */
  instead?: { label: string; onClick: () => void }
}) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <span>{children}</span>
      <Button variant="secondary" size="xs" onClick={instead?.onClick ?? onRetry}>
        {instead?.label ?? 'Retry'}
      </Button>
    </div>
  )
}
