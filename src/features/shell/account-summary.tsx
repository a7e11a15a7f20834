import { useQuery } from '@tanstack/react-query'
import { accountQueries } from '@/api/account'
import { Badge } from '@/components/ui/badge'
import { Skeleton } from '@/components/ui/skeleton'

/** Which account this dashboard acts for: client id, status and tier. */
export function AccountSummary() {
  const { data, isPending, isError } = useQuery(accountQueries.detail())
  if (isPending) return <Skeleton className="h-5 w-40" />
  if (isError) return <span className="text-xs text-slate-600 dark:text-slate-400">Account unavailable</span>
  return (
    <section aria-label="Account" className="flex items-center gap-2 text-xs">
      <code className="font-mono">{data.client_id}</code>
      <Badge tone={data.status === 'ACTIVE' ? 'success' : 'neutral'}>{data.status}</Badge>
      <span className="text-slate-600 dark:text-slate-400">Tier {data.tier.name}</span>
    </section>
  )
}
