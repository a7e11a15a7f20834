// What an admin changes about people: invites, roles, deactivation, sessions. Loaded with the Users page; the list's
// query keys, which these changes invalidate, are in users.ts.
import { apiRequest } from './client'
import { CONSOLE_PREFIX, type Role } from './contract/console-schemas'
import {
  type InviteBody,
  type InviteResendBody,
  inviteResponse,
  userChangeResponse,
} from './contract/user-change-schemas'
import { USERS_PATHS } from './contract/users-schemas'

const onConsole = { prefix: CONSOLE_PREFIX }

export const inviteUser = (body: InviteBody) =>
  apiRequest(USERS_PATHS.invites, { ...onConsole, method: 'POST', body, schema: inviteResponse })

/** A new link for a pending invite, emailed; the answer shows it once, like an invite's. */
export const resendInvite = (body: InviteResendBody) =>
  apiRequest(USERS_PATHS.resendInvite, { ...onConsole, method: 'POST', body, schema: inviteResponse })

export const changeRole = ({ id, role }: { id: string; role: Role }) =>
  apiRequest(USERS_PATHS.role(id), { ...onConsole, method: 'PUT', body: { role }, schema: userChangeResponse })

/** The changes that need nothing but the person: each answers with their row as it is now. */
const USER_CHANGES = {
  deactivate: USERS_PATHS.deactivate,
  reactivate: USERS_PATHS.reactivate,
  endSessions: USERS_PATHS.endSessions,
} as const
export type UserChange = keyof typeof USER_CHANGES

export const changeUser = ({ id, change }: { id: string; change: UserChange }) =>
  apiRequest(USER_CHANGES[change](id), { ...onConsole, method: 'POST', schema: userChangeResponse })
