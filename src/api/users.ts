// User administration (admins) and the set-up of an invited person: the one place that
// names their query keys and speaks to their routes.
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './client'
import { CONSOLE_PREFIX, type Role, sessionResponse } from './contract/console-schemas'
import {
  type InviteBody,
  type InviteResendBody,
  inviteResponse,
  type SetUpBody,
  setUpCheckResponse,
  USERS_PATHS,
  userChangeResponse,
  usersResponse,
} from './contract/users-schemas'

const onConsole = { prefix: CONSOLE_PREFIX }

export const userQueries = {
  all: () => ['users'] as const,
  lists: () => [...userQueries.all(), 'list'] as const,
  list: () =>
    queryOptions({
      queryKey: userQueries.lists(),
      queryFn: ({ signal }) => apiRequest(USERS_PATHS.list, { ...onConsole, schema: usersResponse, signal }),
    }),
}

export const setUpQueries = {
  /** Whether a set-up link still works; a 410 is the answer "no", not a failure to retry. */
  link: (token: string) =>
    queryOptions({
      queryKey: ['set-up', token] as const,
      queryFn: ({ signal }) =>
        apiRequest(USERS_PATHS.setUpCheck, {
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

export const inviteUser = (body: InviteBody) =>
  apiRequest(USERS_PATHS.invites, { ...onConsole, method: 'POST', body, schema: inviteResponse })

/** A new link for a pending invite, emailed; the answer shows it once, like an invite's. */
export const resendInvite = (body: InviteResendBody) =>
  apiRequest(USERS_PATHS.resendInvite, { ...onConsole, method: 'POST', body, schema: inviteResponse })

export const changeRole = ({ id, role }: { id: string; role: Role }) =>
  apiRequest(USERS_PATHS.role(id), { ...onConsole, method: 'PUT', body: { role }, schema: userChangeResponse })

/** The changes that need nothing but the person: each answers with their row as it is now. */
export const USER_CHANGES = {
  deactivate: USERS_PATHS.deactivate,
  reactivate: USERS_PATHS.reactivate,
  endSessions: USERS_PATHS.endSessions,
} as const
export type UserChange = keyof typeof USER_CHANGES

export const changeUser = ({ id, change }: { id: string; change: UserChange }) =>
  apiRequest(USER_CHANGES[change](id), { ...onConsole, method: 'POST', schema: userChangeResponse })

/** Chooses the password and signs the person in: the answer is their session. */
export const setUp = (body: SetUpBody) =>
  apiRequest(USERS_PATHS.setUp, { ...onConsole, method: 'POST', body, schema: sessionResponse })
