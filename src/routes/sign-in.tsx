import { createFileRoute, redirect } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { SSO_ERRORS } from '@/api/contract/console-schemas'
import { sessionQueries } from '@/api/session'
import { SignInPage } from '@/features/sign-in/sign-in-page'
import { safeRedirect } from '@/lib/safe-redirect'

const signInSearch = z.object({
  /** The page first asked for; only a path on this origin is ever followed. */
  redirect: z.catch(z.optional(z.string().check(z.maxLength(2048))), undefined),
  /** Set by the console when an SSO sign-in came back refused; the page says why in general words. */
  sso_error: z.catch(z.optional(z.enum(SSO_ERRORS)), undefined),
})

export const Route = createFileRoute('/sign-in')({
  validateSearch: signInSearch,
  beforeLoad: ({ context, search }) => {
    if (context.session) throw redirect({ href: safeRedirect(search.redirect, window.location.origin), replace: true })
  },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(sessionQueries.setup())
  },
  head: () => ({ meta: [{ title: 'Sign in' }] }),
  component: SignInPage,
})
