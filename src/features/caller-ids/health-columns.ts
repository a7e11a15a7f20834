// The health query's answer as the caller-ID table's columns, and the period it is asked for.
import type { UseQueryResult } from '@tanstack/react-query'
import type { HealthPeriod } from '@/api/caller-id-health'
import type { UsageSummary } from '@/api/contract/schemas'
import {
  type CallerIdHealthResponse,
  callerIdHealthQuery,
  isReadablePeriod,
} from '@/api/contract/usage-breakdown-schemas'
import type { HealthColumns } from './caller-ids-table'

/**
 * The current billing period, when the service gave both ends in a form the console reads (instants, the end
 * after the start, within PERIOD_DAYS_MAX): otherwise health comes without the period's column.
 */
export function currentPeriodOf(usage: UsageSummary | undefined): HealthPeriod | null {
  const period = { from: usage?.period_start ?? undefined, to: usage?.period_end ?? undefined }
  if (!period.from || !period.to) return null
  return callerIdHealthQuery.safeParse(period).success && isReadablePeriod(period.from, period.to)
    ? { from: period.from, to: period.to }
    : null
}

export function healthColumnsOf(
  health: Pick<UseQueryResult<CallerIdHealthResponse>, 'data' | 'isError'>,
  period: boolean,
): HealthColumns {
  const byNumber = new Map(health.data?.callerIds.map((row) => [row.caller_id, row]))
  return {
    period,
    stateOf: (phoneNumber) =>
      health.data
        ? { status: 'ready', health: byNumber.get(phoneNumber) }
        : health.isError
          ? { status: 'error' }
          : { status: 'loading' },
  }
}
