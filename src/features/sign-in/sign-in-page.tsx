import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useRouter } from '@tanstack/react-router'
import type { SessionResponse } from '@/api/contract/console-schemas'
import type { SignInBody } from '@/api/contract/sign-in-schemas'
import { replaceSession, sessionQueries } from '@/api/session'
import { signIn } from '@/api/sign-in'
import { safeRedirect } from '@/lib/safe-redirect'
import { SignInSections } from './sign-in-sections'
import { useSignedInElsewhere } from './use-signed-in-elsewhere'

const route = getRouteApi('/sign-in')

/** The sign-in page inside the dashboard: after signing out, or when a session ends, without a page load. */
export function SignInPage() {
  const { redirect, sso_error: ssoError } = route.useSearch()
  const router = useRouter()
  const queryClient = useQueryClient()
  const setup = useQuery(sessionQueries.setup())
  const next = safeRedirect(redirect, window.location.origin)
  const enter = async (session: SessionResponse) => {
    // Whatever an earlier person left in this tab's cache is not theirs to see.
    replaceSession(queryClient, session)
    await router.navigate({ href: next, replace: true })
  }
  // Signed in from another tab meanwhile: in, as after signing in here.
  const announceSignIn = useSignedInElsewhere((session) => void enter(session))
  const mutation = useMutation({
    mutationFn: (body: SignInBody) => signIn(body),
    // A wrong password is this page's own answer, not an ended session.
    meta: { handlesUnauthorized: true },
    onSuccess: (session) => {
      announceSignIn()
      return enter(session)
    },
  })

  return (
    <SignInSections
      setup={setup}
      redirect={next}
      ssoError={ssoError}
      pending={mutation.isPending}
      error={mutation.error}
      onSignIn={(body) => mutation.mutate(body)}
    />
  )
}
