import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { ErrorState } from '@/components/ui/error-state'

/**
 * A page's error state: the service's message and a Retry that reloads the page's data. It also reloads by itself
 * once the voice service is seen answering again (live/live-connection.ts).
 */
export function RouteError({ error, title }: ErrorComponentProps & { title?: string }) {
  const router = useRouter()
  const queryErrorResetBoundary = useQueryErrorResetBoundary()

  // Lets the page's queries fetch again when the route renders after Retry.
  useEffect(() => {
    queryErrorResetBoundary.reset()
  }, [queryErrorResetBoundary])

  return (
    <ErrorState
      error={error}
      title={title ?? 'This page could not be loaded'}
      onRetry={() => {
        void router.invalidate()
      }}
    />
  )
}
