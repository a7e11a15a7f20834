import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { accountQueries } from '@/api/account'
import { probeWhileUnreachable } from '@/api/service-probe'
import { recoverWhenServiceReturns } from '@/api/service-recovery'

/**
 * For a signed-in person: what failed is read again once the voice service answers, and while it does not, one
 * read of the account at a time (per browser) asks whether it is back. The account is the probe: every role may
 * read it, it is small, and the header shows it.
 */
export function useServiceRecovery(signedIn: boolean) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!signedIn) return
    const stopRecovery = recoverWhenServiceReturns(queryClient)
    const stopProbe = probeWhileUnreachable({
      probe: () => queryClient.fetchQuery({ ...accountQueries.detail(), staleTime: 0, retry: false }),
    })
    return () => {
      stopRecovery()
      stopProbe()
    }
  }, [signedIn, queryClient])
}
