import * as z from 'zod/mini'
import { SSO_ERRORS } from '@/api/contract/console-schemas'

/** The sign-in page's query string, read the same way by the dashboard's route and the sign-in document. */
export const signInSearch = z.object({
  /** The page first asked for; only a path on this origin is ever followed. */
  redirect: z.catch(z.optional(z.string().check(z.maxLength(2048))), undefined),
  /** Set by the console when an SSO sign-in came back refused; the page says why in general words. */
  sso_error: z.catch(z.optional(z.enum(SSO_ERRORS)), undefined),
})
