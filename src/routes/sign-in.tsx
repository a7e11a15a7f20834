import { createFileRoute, redirect } from '@tanstack/react-router'
import { sessionQueries } from '@/api/session'
import { SignInPage } from '@/features/sign-in/sign-in-page'
import { signInSearch } from '@/features/sign-in/sign-in-search'
import { safeRedirect } from '@/lib/safe-redirect'

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
