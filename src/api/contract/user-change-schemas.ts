// What an admin sends to change who may use the console (invites, roles, deactivation), and the answers: apart from
// users-schemas.ts, which every page's first JavaScript carries, so that these load with the Users page.
import * as z from 'zod/mini'
import { ROLES, role } from './console-schemas'
import { nonNegativeInt } from './schemas'
import { userListItem } from './users-schemas'

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
