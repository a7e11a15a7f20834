import { type ErrorComponentProps, Link, type NotFoundRouteProps } from '@tanstack/react-router'
import { NOT_ALLOWED } from '@/api/session'
import { DocumentTitle } from '@/components/document-title'
import { NotAvailable } from '@/components/not-available'
import { buttonVariants } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'

/** Last line of defence: something broke outside any page; never a blank screen. */
export function RootError({ error }: ErrorComponentProps) {
  return (
    <main className="mx-auto max-w-xl px-4 py-16">
      <DocumentTitle override="Error" />
      <h1 className="mb-4 text-2xl font-semibold">The dashboard ran into a problem</h1>
      <ErrorState error={error} title="Something went wrong" onRetry={() => window.location.reload()} />
    </main>
  )
}

export function NotFound({ data }: NotFoundRouteProps) {
  if ((data as { reason?: string } | undefined)?.reason === NOT_ALLOWED) return <NotAvailable />
  return (
    <div className="space-y-4">
      <DocumentTitle override="Page not found" />
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <EmptyState
        title="There is no page at this address"
        action={
          <Link to="/calls" className={buttonVariants()}>
            Go to calls
          </Link>
        }
      >
        Check the link, or start from the list of calls.
      </EmptyState>
    </div>
  )
}
