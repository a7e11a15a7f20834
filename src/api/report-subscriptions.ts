// Usage reports by email (issue 53, item 4) as the "Reports by email" section reads and changes them. Apart from the
// other queries, so that only that section (loaded lazily on /usage) carries its schemas.
import { queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiRequest } from './client'
import { CONSOLE_PREFIX } from './contract/console-schemas'
import {
  REPORT_SUBSCRIPTIONS_PATH,
  type ReportSubscriptionInput,
  reportSubscription,
  reportSubscriptionList,
} from './contract/report-subscription-schemas'

const onConsole = { prefix: CONSOLE_PREFIX }

export const reportSubscriptionQueries = {
  all: () => ['report-subscriptions'] as const,
  /** One's own; an admin's holds everyone's and the people they may subscribe. */
  list: () =>
    queryOptions({
      queryKey: [...reportSubscriptionQueries.all(), 'list'] as const,
      queryFn: ({ signal }) =>
        apiRequest(REPORT_SUBSCRIPTIONS_PATH, { ...onConsole, schema: reportSubscriptionList, signal }),
    }),
}

export const subscribeToReport = (input: ReportSubscriptionInput) =>
  apiRequest(REPORT_SUBSCRIPTIONS_PATH, {
    ...onConsole,
    method: 'POST',
    body: input,
    schema: z.object({ subscription: reportSubscription }),
  })

export const unsubscribeFromReport = (id: string) =>
  apiRequest(`${REPORT_SUBSCRIPTIONS_PATH}/${encodeURIComponent(id)}`, {
    ...onConsole,
    method: 'DELETE',
    schema: z.object({ removed: z.string() }),
  })
