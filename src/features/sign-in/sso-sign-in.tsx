import { SSO_START_PATH, type SsoError } from '@/api/contract/console-schemas'
import { buttonVariants } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-error'
import { cn } from '@/lib/cn'

/** One fixed sentence per kind: the provider's own words never reach the page. */
const SSO_ERROR_TEXT: Record<SsoError, string> = {
  refused:
    'Your sign-in account does not give you access to this console. Ask an admin to check your email domain and groups.',
  failed: 'Sign-in with single sign-on could not be completed. Try again.',
  expired: 'That sign-in took too long or was started in another browser. Try again.',
  unavailable: 'The sign-in provider cannot be reached right now. Try again in a moment, or tell an admin.',
  cancelled: 'Sign-in was cancelled at the provider.',
}

/**
 * A plain link, not a fetch: the browser goes to the console's start path, which sends it on to
 * the provider, which sends it back. `redirect` is already a safe path on this console.
 */
export function SsoSignIn({ name, redirect, error }: { name: string; redirect: string; error?: SsoError }) {
  return (
    <div className="space-y-3">
      {error && <FormError boxed>{SSO_ERROR_TEXT[error]}</FormError>}
      <a
        href={`${SSO_START_PATH}?redirect=${encodeURIComponent(redirect)}`}
        className={cn(buttonVariants({ variant: 'secondary' }), 'w-full')}
      >
        Sign in with {name}
      </a>
    </div>
  )
}
