// The current period's daily series, which the lead card and the pacing card both compute from (one cache
// entry). A period the console cannot break down (its end not after its start, or longer than it reads at
// once) is asked for nothing: the cards say why in words, as the breakdowns do, instead of showing a refusal.
import { useQuery } from '@tanstack/react-query'
import { isReadablePeriod } from '@/api/contract/usage-breakdown-schemas'
import { usageBreakdownQueries } from '@/api/usage-breakdowns'
import { unbrokenPeriodText } from './billing-period'
import type { CompleteUsage } from './usage-given'

export function useCurrentPeriodDays(usage: CompleteUsage, timeZone: string) {
  const { period_start: from, period_end: to } = usage
  const readable = isReadablePeriod(from, to)
  const days = useQuery({ ...usageBreakdownQueries.days({ from, to, tz: timeZone }), enabled: readable })
  return { days, unreadable: readable ? null : unbrokenPeriodText({ kind: 'unreadable', from, to }, timeZone) }
}
