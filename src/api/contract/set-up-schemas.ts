// An invited person's set-up: checking the link, choosing the password. Apart from users-schemas.ts, which every
// page's first JavaScript carries, so that these load with the set-up page.
import * as z from 'zod/mini'
import { MAX_PASSWORD_LENGTH, role } from './console-schemas'

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

/** The console's own paths (under CONSOLE_PREFIX) of an invited person's set-up. */
export const SET_UP_PATHS = { check: '/set-up/check', setUp: '/set-up' } as const
