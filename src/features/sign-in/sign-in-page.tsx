import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useRouter } from '@tanstack/react-router'
import type { SessionResponse, SignInBody } from '@/api/contract/console-schemas'
import { replaceSession, sessionQueries, signIn } from '@/api/session'
import { Card } from '@/components/ui/card'
import { safeRedirect } from '@/lib/safe-redirect'
import { DemoSignIn } from './demo-sign-in'
import { FirstAdminHint } from './first-admin-hint'
import { SignInForm } from './sign-in-form'
import { SsoSignIn } from './sso-sign-in'

const route = getRouteApi('/sign-in')

export function SignInPage() {
  const { redirect, sso_error: ssoError } = route.useSearch()
  const router = useRouter()
  const queryClient = useQueryClient()
  const setup = useQuery(sessionQueries.setup())
  const mutation = useMutation({
    mutationFn: (body: SignInBody) => signIn(body),
    // A wrong password is this page's own answer, not an ended session.
    meta: { handlesUnauthorized: true },
    onSuccess: async (session: SessionResponse) => {
      // Whatever an earlier person left in this tab's cache is not theirs to see.
      replaceSession(queryClient, session)
      await router.navigate({ href: safeRedirect(redirect, window.location.origin), replace: true })
    },
  })

  return (
    <div className="mx-auto max-w-sm space-y-6 py-8">
      <h1 className="text-2xl font-semibold">Sign in</h1>
      {setup.data && !setup.data.hasUsers && !setup.data.sso && <FirstAdminHint />}
      {setup.data?.sso && (
        <SsoSignIn
          name={setup.data.sso.name}
          redirect={safeRedirect(redirect, window.location.origin)}
          error={ssoError}
        />
      )}
      {/* Held back until setup answers, so an SSO-only console never flashes a password form. */}
      {(setup.isError || setup.data?.localSignIn) && (
        <Card>
          <SignInForm pending={mutation.isPending} error={mutation.error} onSubmit={(body) => mutation.mutate(body)} />
        </Card>
      )}
      {setup.data && setup.data.demoUsers.length > 0 && (
        <DemoSignIn
          users={setup.data.demoUsers}
          pending={mutation.isPending}
          onSignIn={(body) => mutation.mutate(body)}
        />
      )}
    </div>
  )
}
