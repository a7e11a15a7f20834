// Pages recover by themselves: when the voice service is seen answering again (service-reach.ts), every read
// that failed is read again, and the admins' upstream check with it, so no Retry stays on screen once the
// service is back. Only what failed is read: the service just came back, and every tab of every person does this.
import type { QueryClient } from '@tanstack/react-query'
import { isApiError } from './client'
import { type ServiceReachStore, serviceReach } from './service-reach'
import { sessionQueries } from './session'

export function recoverWhenServiceReturns(queryClient: QueryClient, reach: ServiceReachStore = serviceReach) {
  let wasReachable = reach.get().reachable
  return reach.subscribe(() => {
    const { reachable } = reach.get()
    if (reachable && !wasReachable) {
      void queryClient.invalidateQueries({ predicate: (query) => failedForNow(query.state.error) })
      void queryClient.invalidateQueries({ queryKey: sessionQueries.upstream().queryKey })
    }
    wasReachable = reachable
  })
}

/** A failure that may pass (a 5xx, no answer); a 404 or a 403 is an answer, and reading it again changes nothing. */
const failedForNow = (error: unknown) => isApiError(error) && error.isTransient
