// The contract of user administration: the Users page (admins) and the set-up page an
// invited person opens. The server validates with these and the SPA reads them.
import * as z from 'zod/mini'
import { MAX_PASSWORD_LENGTH, ROLES, role, SIGN_IN_PAGE } from './console-schemas'
import { nonNegativeInt } from './schemas'

/** How long a set-up link works: one source for the server's expiry and the page's wording. */
export const INVITE_VALID_HOURS = 24
export const INVITE_VALID_MS = INVITE_VALID_HOURS * 60 * 60_000

/** An account is active or deactivated; an invite not yet taken up is invited until it expires. */
const USER_STATUSES = ['active', 'deactivated', 'invited', 'invite-expired'] as const
const userStatus = z.enum(USER_STATUSES)
export type UserStatus = z.infer<typeof userStatus>

const userListItem = z.object({
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

export const inviteBody = z.object({
  email: z.pipe(
    z
      .string({ error: 'Enter the email address of the person to invite.' })
      .check(
        z.trim(),
        z.minLength(1, { error: 'Enter the email address of the person to invite.' }),
        z.maxLength(254, { error: 'That email address is too long.' }),
      ),
    z.email({ error: 'Enter an email address such as name@example.com.' }),
  ),
  role: z.enum(ROLES, { error: 'Choose a role: support, manager or admin.' }),
  /** Also email the link to the person (needs CONSOLE_SMTP_URL); the admin still sees it once. */
  sendEmail: z.optional(z.boolean()),
})
export type InviteBody = z.input<typeof inviteBody>

/** A new link for a pending invite, replacing the last one, emailed to the person. */
export const inviteResendBody = z.pick(inviteBody, { email: true })
export type InviteResendBody = z.input<typeof inviteResendBody>

export const inviteResponse = z.object({
  email: z.string(),
  role,
  /** The one-time set-up link; the console keeps only its hash, so it is shown this once. */
  link: z.string(),
  expiresAt: z.iso.datetime(),
  /** True when an earlier link of the same email stopped working. */
  replaced: z.boolean(),
  /** Whether the link was emailed to the person (asked for, and the SMTP server took it). */
  emailed: z.optional(z.boolean()),
  /** Why it could not be emailed, in words; the link still works and is shown. */
  emailError: z.optional(z.nullable(z.string())),
})
export type InviteResponse = z.infer<typeof inviteResponse>

export const roleChangeBody = z.pick(inviteBody, { role: true })

/** The answer to every change of one person: the row as it is now. */
export const userChangeResponse = z.object({ user: userListItem, sessionsEnded: nonNegativeInt })
export type UserChangeResponse = z.infer<typeof userChangeResponse>

/** The token travels in a body, never in a URL, so no log or Referer holds it. */
export const setUpToken = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) })

export const setUpCheckResponse = z.object({ email: z.string(), role, expiresAt: z.iso.datetime() })

/** The shortest password the console accepts, wherever it is set (set-up page, the shell). */
export const MIN_PASSWORD_LENGTH = 12

export const setUpBody = z.extend(setUpToken, {
  password: z
    .string({ error: 'Choose a password.' })
    .check(
      z.minLength(MIN_PASSWORD_LENGTH, { error: `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.` }),
      z.maxLength(MAX_PASSWORD_LENGTH, { error: 'That password is too long.' }),
    ),
})
export type SetUpBody = z.infer<typeof setUpBody>

/** The console's own paths (under CONSOLE_PREFIX) of user administration and set-up. */
export const USERS_PATHS = {
  list: '/users',
  invites: '/users/invites',
  resendInvite: '/users/invites/resend',
  role: (id: string) => `/users/${encodeURIComponent(id)}/role`,
  deactivate: (id: string) => `/users/${encodeURIComponent(id)}/deactivate`,
  reactivate: (id: string) => `/users/${encodeURIComponent(id)}/reactivate`,
  endSessions: (id: string) => `/users/${encodeURIComponent(id)}/end-sessions`,
  setUpCheck: '/set-up/check',
  setUp: '/set-up',
} as const

/** The SPA's page an invite link opens; the token rides in the fragment (`#token=…`). */
export const SET_UP_PAGE = '/set-up'

/** The pages for people not signed in: signing in, and setting up an invited account. Every other one needs a session. */
export const PUBLIC_PAGES: readonly string[] = [SIGN_IN_PAGE, SET_UP_PAGE]
