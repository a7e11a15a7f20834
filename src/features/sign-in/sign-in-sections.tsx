import type { SetupResponse, SsoError } from '@/api/contract/console-schemas'
import type { SignInBody } from '@/api/contract/sign-in-schemas'
import { Card } from '@/components/ui/card'
import { DemoSignIn } from './demo-sign-in'
import { FirstAdminHint } from './first-admin-hint'
import { SignInForm } from './sign-in-form'
import { SsoSignIn } from './sso-sign-in'

export interface SignInSectionsProps {
  /** The console's answer to `/setup`, once it has come (or failed). */
  setup: { data: SetupResponse | undefined; isError: boolean }
  /** Where to go after signing in: already a safe path on this console (safe-redirect.ts). */
  redirect: string
  ssoError: SsoError | undefined
  pending: boolean
  error: unknown
  onSignIn: (body: SignInBody) => void
}

/**
 * The sign-in page's content, the same in the dashboard (sign-in-page.tsx) and in the light sign-in document
 * a cold /sign-in gets (src/sign-in-document/): only how they fetch and where they go after differs.
 */
export function SignInSections({ setup, redirect, ssoError, pending, error, onSignIn }: SignInSectionsProps) {
  return (
    <div className="mx-auto max-w-sm space-y-6 py-8">
      <h1 className="text-2xl font-semibold">Sign in</h1>
      {setup.data && !setup.data.hasUsers && !setup.data.sso && <FirstAdminHint />}
      {setup.data?.sso && <SsoSignIn name={setup.data.sso.name} redirect={redirect} error={ssoError} />}
      {/* Held back until setup answers, so an SSO-only console never flashes a password form. */}
      {(setup.isError || setup.data?.localSignIn) && (
        <Card>
          <SignInForm pending={pending} error={error} onSubmit={onSignIn} />
        </Card>
      )}
      {setup.data && setup.data.demoUsers.length > 0 && (
        <DemoSignIn users={setup.data.demoUsers} pending={pending} onSignIn={onSignIn} />
      )}
    </div>
  )
}
