import { useQuery } from '@tanstack/react-query'
import { accountQueries } from '@/api/account'
import { can, sessionQueries } from '@/api/session'
import type { BillingPeriod } from './date-presets'

/**
 * The current billing period, for the "This billing period" preset: its start from the account (which the
 * header already asks for), its end from the usage summary, which only those who read usage may ask for.
 */
export function useBillingPeriod(): BillingPeriod {
  const periodStart = useQuery(accountQueries.detail()).data?.current_usage?.period_start ?? undefined
  const readsUsage = can(useQuery(sessionQueries.current()).data, 'usage:read')
  const usage = useQuery({ ...accountQueries.usage(), enabled: readsUsage }).data
  return {
    start: periodStart,
    end:
      usage?.period_start && periodStart && Date.parse(usage.period_start) === Date.parse(periodStart)
        ? (usage.period_end ?? undefined)
        : undefined,
  }
}
