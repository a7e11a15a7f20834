import { Link } from '@tanstack/react-router'
import { INVITE_VALID_HOURS } from '@/api/contract/console-schemas'
import { buttonVariants } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'

/** A used, expired, replaced or mangled link: whatever the cause, the next step is the same. */
export function LinkGone() {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">This set-up link no longer works</h1>
      <EmptyState
        title="Ask an admin for a new link"
        action={
          <Link to="/sign-in" className={buttonVariants({ variant: 'secondary' })}>
            Go to sign-in
          </Link>
        }
      >
        A set-up link works once, within {INVITE_VALID_HOURS} hours, and a newer invite replaces it. If you have set up
        your account already, sign in instead.
      </EmptyState>
    </div>
  )
}
