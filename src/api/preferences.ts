// A person's own settings, kept by the console: today the zone every time is shown in.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { resolveTimeZone } from '@/lib/time-zone'
import { apiRequest } from './client'
import { CONSOLE_PREFIX, type Preferences, sessionResponse } from './contract/console-schemas'
import { sessionQueries } from './session'

/** The IANA zone (or 'UTC') this person reads times in; the browser's own before anyone signs in. */
export function useTimeZone(): string {
  const { data } = useQuery(sessionQueries.current())
  return resolveTimeZone(data?.preferences.timeZone)
}

export function useSavePreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (preferences: Preferences) =>
      apiRequest('/preferences', { prefix: CONSOLE_PREFIX, method: 'PUT', body: preferences, schema: sessionResponse }),
    // Every time on every page re-renders from the session, so nothing else needs refetching.
    onSuccess: (session) => queryClient.setQueryData(sessionQueries.current().queryKey, session),
  })
}
