import { Link } from '@tanstack/react-router'
import { buttonVariants } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'

/** A page this role may not use: said plainly, with a way on. */
export function NotAvailable() {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Not available for your role</h1>
      <EmptyState
        title="Your role does not include this page"
        action={
          <Link to="/calls" className={buttonVariants()}>
            Go to calls
          </Link>
        }
      >
        If you need it for your work, ask an admin to change your role.
      </EmptyState>
    </div>
  )
}
