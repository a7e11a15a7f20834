import { useQuery } from '@tanstack/react-query'
import { accountQueries } from '@/api/account'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'

/**
 * Which account this dashboard acts for: its status and tier, and for admins the API client id (the
 * company's id at the voice service: an admin's business, noise to everyone else).
 */
export function AccountSummary({ showClientId }: { showClientId: boolean }) {
  const { data, isPending, isError, error, refetch } = useQuery(accountQueries.detail())
  if (isPending) return <Skeleton className="h-5 w-40" />
  if (isError) {
    const message = error instanceof Error ? error.message : 'The account could not be loaded.'
    return (
      <section aria-label="Account" className="flex items-center gap-2 text-xs">
        {/* The header has no room for the whole message: hover shows it, screen readers read it. */}
        <span className="text-slate-600 dark:text-slate-400" title={message}>
          Account unavailable<span className="sr-only">: {message}</span>
        </span>
        <Button variant="ghost" size="xs" aria-label="Retry loading the account" onClick={() => void refetch()}>
          Retry
        </Button>
      </section>
    )
  }
  return (
    <section aria-label="Account" className="flex min-w-0 items-center gap-2 text-xs">
      {showClientId && <code className="font-mono whitespace-nowrap">{data.client_id}</code>}
      <Badge tone={data.status === 'ACTIVE' ? 'success' : 'neutral'}>{data.status}</Badge>
      <TierName name={data.tier?.name ?? 'not given'} />
    </section>
  )
}

/**
 * The tier's name has no length limit at the service: a long one is cut with an ellipsis rather than
 * pushing the header's controls onto a second row. The whole name stays in the text (screen readers
 * read it), and shows on hover and on keyboard focus.
 */
function TierName({ name }: { name: string }) {
  const text = `Tier ${name}`
  return (
    <span className="group relative min-w-16">
      <span
        // biome-ignore lint/a11y/noNoninteractiveTabindex: focus is the keyboard's way to the whole name of a cut one.
        tabIndex={0}
        title={text}
        className="block max-w-40 truncate rounded-sm text-slate-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-slate-400"
      >
        {text}
      </span>
      {/* What a pointer or the focus shows; the text above already holds it for screen readers. */}
      <span
        aria-hidden="true"
        className="absolute top-full right-0 z-50 mt-1 hidden w-max max-w-xs rounded-md border border-slate-200 bg-white px-2 py-1 text-slate-900 shadow-lg wrap-anywhere group-focus-within:block group-hover:block dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        {text}
      </span>
    </span>
  )
}
