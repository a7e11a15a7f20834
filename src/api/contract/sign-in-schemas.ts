// What a person sends to sign in with a password. Apart from console-schemas.ts, which every dashboard page's first
// JavaScript carries, so that its checks and words load with the sign-in page.
import * as z from 'zod/mini'
import { MAX_PASSWORD_LENGTH } from './console-schemas'

export const signInBody = z.object({
  email: z
    .string({ error: 'Enter your email address.' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'Enter your email address.' }),
      z.maxLength(254, { error: 'That email address is too long.' }),
    ),
  password: z
    .string({ error: 'Enter your password.' })
    .check(
      z.minLength(1, { error: 'Enter your password.' }),
      z.maxLength(MAX_PASSWORD_LENGTH, { error: 'That password is too long.' }),
    ),
})
export type SignInBody = z.infer<typeof signInBody>
