import { useQuery } from '@tanstack/react-query'
import { accountQueries } from '@/api/account'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'

/** Which account this dashboard acts for: client id, status and tier. */
export function AccountSummary() {
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
    <section aria-label="Account" className="flex items-center gap-2 text-xs">
      <code className="font-mono">{data.client_id}</code>
      <Badge tone={data.status === 'ACTIVE' ? 'success' : 'neutral'}>{data.status}</Badge>
      <span className="text-slate-600 dark:text-slate-400">Tier {data.tier?.name ?? 'not given'}</span>
    </section>
  )
}
