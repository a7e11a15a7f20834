// The set-up of an invited person: whether the link still works, and choosing the password. Loaded with the set-up
// page, never before.
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './client'
import { CONSOLE_PREFIX, sessionResponse } from './contract/console-schemas'
import { SET_UP_PATHS, type SetUpBody, setUpCheckResponse } from './contract/set-up-schemas'

const onConsole = { prefix: CONSOLE_PREFIX }

export const setUpQueries = {
  /** Whether a set-up link still works; a 410 is the answer "no", not a failure to retry. */
  link: (token: string) =>
    queryOptions({
      queryKey: ['set-up', token] as const,
      queryFn: ({ signal }) =>
        apiRequest(SET_UP_PATHS.check, {
          ...onConsole,
          method: 'POST',
          body: { token },
          schema: setUpCheckResponse,
          signal,
        }),
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
    }),
}

/** Chooses the password and signs the person in: the answer is their session. */
export const setUp = (body: SetUpBody) =>
  apiRequest(SET_UP_PATHS.setUp, { ...onConsole, method: 'POST', body, schema: sessionResponse })
