// Pages recover by themselves: when the voice service is seen answering again (service-reach.ts), every read
// that failed is read again, and the admins' upstream check with it, so no Retry stays on screen once the
// service is back. Only what failed is read: the service just came back, and every tab of every person does this.
import type { QueryClient } from '@tanstack/react-query'
import { isApiError } from './client'
import { type ServiceReachStore, serviceReach } from './service-reach'
import { sessionQueries } from './session'

/** `onBack`: what else reads again (live-provider.tsx reloads a page whose loader failed). */
export function recoverWhenServiceReturns(
  queryClient: QueryClient,
  onBack: () => void = () => {},
  reach: ServiceReachStore = serviceReach,
) {
  // Only a change is told: reachable now is back.
  return reach.subscribe(() => {
    if (reach.down() === null) {
      void queryClient.invalidateQueries({ predicate: (query) => failedForNow(query.state.error) })
      void queryClient.invalidateQueries({ queryKey: sessionQueries.upstream().queryKey })
      onBack()
    }
  })
}

/** A failure that may pass (a 5xx, no answer); a 404 or a 403 is an answer, and reading it again changes nothing. */
const failedForNow = (error: unknown) => isApiError(error) && error.isTransient
