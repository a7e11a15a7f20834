// What the service's rate per minute counts (issue 53, item 2), as the usage page reads and an admin sets it. Apart
// from the other queries, so that only the usage page loads its schemas.
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './client'
import { CONSOLE_PREFIX } from './contract/console-schemas'
import { RATE_UNIT_PATH, type RateUnitInput, rateUnitResponse } from './contract/rate-unit-schemas'

const onConsole = { prefix: CONSOLE_PREFIX }

export const rateUnitQueries = {
  all: () => ['rate-unit'] as const,
  current: () =>
    queryOptions({
      queryKey: [...rateUnitQueries.all(), 'current'] as const,
      queryFn: ({ signal }) => apiRequest(RATE_UNIT_PATH, { ...onConsole, schema: rateUnitResponse, signal }),
    }),
}

/** An admin states what the rate counts; the answer is the setting as stored. */
export const setRateUnit = (input: RateUnitInput) =>
  apiRequest(RATE_UNIT_PATH, { ...onConsole, method: 'PUT', body: input, schema: rateUnitResponse })
