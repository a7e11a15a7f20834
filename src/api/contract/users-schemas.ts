// The contract of user administration's list (the Users page, for admins), its paths and the pages open without a
// session. The /users route's loader reads the list, so this file is in every page's first JavaScript: what an
// admin sends is in user-change-schemas.ts, an invited person's set-up in set-up-schemas.ts. The server validates
// with these and the SPA reads them.
import * as z from 'zod/mini'
import { role } from './console-schemas'
import { nonNegativeInt } from './schemas'

/** An account is active or deactivated; an invite not yet taken up is invited until it expires. */
const USER_STATUSES = ['active', 'deactivated', 'invited', 'invite-expired'] as const
const userStatus = z.enum(USER_STATUSES)
export type UserStatus = z.infer<typeof userStatus>

export const userListItem = z.object({
  /** Null for an invite: the person has no account until they open the link. */
  id: z.nullable(z.string()),
  email: z.string(),
  role,
  status: userStatus,
  lastSignInAt: z.nullable(z.iso.datetime()),
  /** Sessions that would still be accepted now. */
  activeSessions: nonNegativeInt,
  /** For an invite: when its link stops working. */
  inviteExpiresAt: z.nullable(z.iso.datetime()),
})
export type UserListItem = z.infer<typeof userListItem>

export const usersResponse = z.object({
  users: z.array(userListItem),
  /** Whether the console can send email (CONSOLE_SMTP_URL): invites may then be emailed. Absent before issue 23. */
  emailConfigured: z.optional(z.boolean()),
})

/** The console's own paths (under CONSOLE_PREFIX) of user administration (set-up's: SET_UP_PATHS). */
export const USERS_PATHS = {
  list: '/users',
  invites: '/users/invites',
  resendInvite: '/users/invites/resend',
  role: (id: string) => `/users/${encodeURIComponent(id)}/role`,
  deactivate: (id: string) => `/users/${encodeURIComponent(id)}/deactivate`,
  reactivate: (id: string) => `/users/${encodeURIComponent(id)}/reactivate`,
  endSessions: (id: string) => `/users/${encodeURIComponent(id)}/end-sessions`,
} as const
