// Integrations (destinations of call events and their delivery log): the one place that names their query keys
// and speaks to their routes (src/api/contract/integration-schemas.ts, under /api/console).
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiRequest } from './client'
import { CONSOLE_PREFIX } from './contract/console-schemas'
import {
  createdIntegration,
  INTEGRATION_PATHS,
  type IntegrationInput,
  integration,
  integrationDelivery,
  integrationDeliveryList,
  integrationList,
} from './contract/integration-schemas'

const onConsole = { prefix: CONSOLE_PREFIX }
const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id))

/** Rows a page of the delivery log holds; "Load more" asks for the next. */
const PAGE_SIZE = 20
/** The log changes by itself (retries, tests, calls ending): read again this often while the page is visible. */
const DELIVERY_LOG_REFRESH_MS = 4_000

export const integrationQueries = {
  all: () => ['integrations'] as const,
  list: () =>
    queryOptions({
      queryKey: [...integrationQueries.all(), 'list'] as const,
      queryFn: ({ signal }) =>
        apiRequest(INTEGRATION_PATHS.destinations, { ...onConsole, schema: integrationList, signal }),
    }),
  deliveries: () =>
    infiniteQueryOptions({
      queryKey: [...integrationQueries.all(), 'deliveries'] as const,
      queryFn: ({ signal, pageParam }) =>
        apiRequest(INTEGRATION_PATHS.deliveries, {
          ...onConsole,
          query: { limit: PAGE_SIZE, cursor: pageParam },
          schema: integrationDeliveryList,
          signal,
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      refetchInterval: DELIVERY_LOG_REFRESH_MS,
      staleTime: 0,
    }),
}

// What the console answers to a delete is not read: the list is read again after it.
const anyAnswer = z.unknown()

/** A new destination comes back with its signing secret, this once. */
export const createIntegration = (body: IntegrationInput) =>
  apiRequest(INTEGRATION_PATHS.destinations, { ...onConsole, method: 'POST', body, schema: createdIntegration })

export const changeIntegration = ({ id, body }: { id: string; body: Partial<IntegrationInput> }) =>
  apiRequest(withId(INTEGRATION_PATHS.destination, id), { ...onConsole, method: 'PUT', body, schema: integration })

export const deleteIntegration = (id: string) =>
  apiRequest(withId(INTEGRATION_PATHS.destination, id), { ...onConsole, method: 'DELETE', schema: anyAnswer })

/** 202 with the delivery it queued. */
export const testIntegration = (id: string) =>
  apiRequest(withId(INTEGRATION_PATHS.destinationTest, id), {
    ...onConsole,
    method: 'POST',
    schema: integrationDelivery,
  })
