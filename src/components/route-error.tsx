import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { serviceReach } from '@/api/service-reach'
import { ErrorState } from '@/components/ui/error-state'

/** A page's error state: the service's message and a Retry that reloads the page's data. */
export function RouteError({ error, title }: ErrorComponentProps & { title?: string }) {
  const router = useRouter()
  const queryErrorResetBoundary = useQueryErrorResetBoundary()

  // Lets the page's queries fetch again when the route renders after Retry.
  useEffect(() => {
    queryErrorResetBoundary.reset()
  }, [queryErrorResetBoundary])

  // The page loads again by itself once the voice service is seen answering (the probe, another read, the live
  // stream): a Retry that stays after the service is back is a page that lies about it.
  useEffect(() => {
    let wasReachable = serviceReach.get().reachable
    return serviceReach.subscribe(() => {
      const { reachable } = serviceReach.get()
      if (reachable && !wasReachable) void router.invalidate()
      wasReachable = reachable
    })
  }, [router])

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
