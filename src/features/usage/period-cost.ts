// What the current period has cost so far: minutes used times the tier's rate_per_minute_dc. The spec
// documents no unit for the rate, so the product is a raw figure, shown with the field's name.
import type { Account } from '@/api/contract/schemas'

export interface PeriodCost {
  minutes: number
  rate: number
  cost: number
}

/** The period's cost so far, or null when the service left out the minutes used or the rate. */
export function periodCost(account: Pick<Account, 'tier' | 'current_usage'>): PeriodCost | null {
  const minutes = account.current_usage?.actual_minutes_used
  const rate = account.tier?.rate_per_minute_dc
  if (typeof minutes !== 'number' || typeof rate !== 'number') return null
  return { minutes, rate, cost: minutes * rate }
}
