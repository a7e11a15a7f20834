// Query options for caller-ID health (the console's call index): the one place that names its keys.
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './client'
import { CONSOLE_PREFIX } from './contract/console-schemas'
import { callerIdHealthResponse, USAGE_BREAKDOWN_PATHS } from './contract/usage-breakdown-schemas'

/** A period whose figures each caller ID also gets: the service's instants, from-inclusive, to-exclusive. */
export interface HealthPeriod {
  from: string
  to: string
}

export const callerIdHealthQueries = {
  all: () => ['caller-id-health'] as const,
  health: (period: HealthPeriod | null) =>
    queryOptions({
      queryKey: [...callerIdHealthQueries.all(), period] as const,
      queryFn: ({ signal }) =>
        apiRequest(USAGE_BREAKDOWN_PATHS.callerIdHealth, {
          prefix: CONSOLE_PREFIX,
          query: period ? { from: period.from, to: period.to } : {},
          schema: callerIdHealthResponse,
          signal,
        }),
      // Health moves with the calls, a few a minute: a minute's age is fresh enough.
      staleTime: 60_000,
    }),
}
