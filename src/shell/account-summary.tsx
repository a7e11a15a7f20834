import { useQuery } from '@tanstack/react-query'
import { accountQueries } from '@/api/account'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { Tooltip } from '@/components/ui/tooltip'

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
 * read it), and the shared tooltip shows it on hover and keyboard focus (Escape hides it).
 */
function TierName({ name }: { name: string }) {
  const text = `Tier ${name}`
  return (
    <Tooltip tip={text} underlined={false} className="block max-w-40 truncate text-slate-600 dark:text-slate-400">
      {text}
    </Tooltip>
  )
}
