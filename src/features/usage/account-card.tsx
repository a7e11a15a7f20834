import { useQuery } from '@tanstack/react-query'
import { accountQueries } from '@/api/account'
import type { Account } from '@/api/contract/schemas'
import { Badge } from '@/components/ui/badge'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { formatNumber } from '@/lib/format'
import { formatDate, formatDateInZone } from '@/lib/usage-format'
import { LazyRatePerMinute } from './cost/lazy-cost'
import { Fact, Facts, SectionCard } from './section-card'
import { accountStatusLook } from './status-labels'
import { NOT_GIVEN } from './usage-given'

/** The contract behind the figures above: below them, since a manager checks it less often. */
export function AccountCard({ timeZone }: { timeZone: string }) {
  const { data: account, error, refetch, isPending } = useQuery(accountQueries.detail())
  return (
    <SectionCard id="account-title" title="Account details">
      {isPending ? (
        <FactsSkeleton />
      ) : error ? (
        <ErrorState title="Could not load the account" error={error} onRetry={() => void refetch()} />
      ) : (
        <Facts>
          <Fact label="Client ID">
            <span className="font-mono">{account.client_id}</span>
          </Fact>
          <Fact label="Status">
            <Badge tone={accountStatusLook(account.status).tone}>{accountStatusLook(account.status).label}</Badge>
          </Fact>
          <Fact label="Payment method">{account.payment_method ?? NOT_GIVEN}</Fact>
          <Fact label="Contract">
            {account.contract_start ? formatDate(account.contract_start, timeZone) : NOT_GIVEN} –{' '}
            {account.contract_end ? formatDateInZone(account.contract_end, timeZone) : NOT_GIVEN}
          </Fact>
          <Fact label="Ramp-up">{rampUp(account, timeZone)}</Fact>
          <Fact label="Tier">{account.tier?.name ?? NOT_GIVEN}</Fact>
          <Fact label="Tier maximum">{minutes(account.tier?.max_minutes)}</Fact>
          <Fact label="Committed per period">{minutes(account.committed_minutes)}</Fact>
          <Fact label="Rate per minute">
            {typeof account.tier?.rate_per_minute_dc === 'number' ? (
              <LazyRatePerMinute rate={account.tier.rate_per_minute_dc} />
            ) : (
              NOT_GIVEN
            )}
          </Fact>
        </Facts>
      )}
    </SectionCard>
  )
}

const minutes = (value: number | null | undefined) =>
  typeof value === 'number' ? `${formatNumber(value)} minutes` : NOT_GIVEN

function rampUp(account: Account, timeZone: string) {
  const ends = account.ramp_up_ends_at ? formatDateInZone(account.ramp_up_ends_at, timeZone) : null
  if (account.is_in_ramp_up === true)
    return <Badge tone="info">{ends ? `In ramp-up until ${ends}` : 'In ramp-up'}</Badge>
  if (account.is_in_ramp_up === false) return ends ? `Ended ${ends}` : 'Ended'
  return NOT_GIVEN
}

function FactsSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="space-y-1.5">
          <Skeleton className="h-3 w-20" />
          <Skeleton className="h-4 w-32" />
        </div>
      ))}
    </div>
  )
}
