// Alerts of the console (rules, firings, the banner's notices, channels, the delivery log): the one place
// that names their query keys and speaks to their routes (src/api/contract/alert-schemas.ts, under /api/console).
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiRequest } from './client'
import {
  ALERT_PATHS,
  type AlertChannel,
  type AlertChannelInput,
  type AlertRuleInput,
  alertChannel,
  alertChannelList,
  alertDelivery,
  alertDeliveryList,
  alertFiringList,
  alertNoticeList,
  alertRule,
  alertRuleList,
  createdAlertChannel,
} from './contract/alert-schemas'
import { CONSOLE_PREFIX } from './contract/console-schemas'

const onConsole = { prefix: CONSOLE_PREFIX }
const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id))

/** Rows a page of the delivery log or the firings holds; "Load more" asks for the next. */
const ALERT_PAGE_SIZE = 20
/** The log changes by itself (retries, tests): read again this often while the page is visible. */
const DELIVERY_LOG_REFRESH_MS = 4_000
/** The banner's notices: every tab of a person agrees within this long, and at once on focus. */
const NOTICES_REFRESH_MS = 30_000

const cursorPage = { initialPageParam: undefined as string | undefined }

export const alertQueries = {
  all: () => ['alerts'] as const,
  rules: () =>
    queryOptions({
      queryKey: [...alertQueries.all(), 'rules'] as const,
      queryFn: ({ signal }) => apiRequest(ALERT_PATHS.rules, { ...onConsole, schema: alertRuleList, signal }),
    }),
  channels: () =>
    queryOptions({
      queryKey: [...alertQueries.all(), 'channels'] as const,
      queryFn: ({ signal }) => apiRequest(ALERT_PATHS.channels, { ...onConsole, schema: alertChannelList, signal }),
    }),
  /** Every reading of the delivery log, whatever its filter: what a test sent invalidates. */
  deliveryLogs: () => [...alertQueries.all(), 'deliveries'] as const,
  /** `ruleId`: the deliveries of that rule's firings only. */
  deliveries: (ruleId?: string) =>
    infiniteQueryOptions({
      queryKey: [...alertQueries.deliveryLogs(), { ruleId }] as const,
      queryFn: ({ signal, pageParam }) =>
        apiRequest(ALERT_PATHS.deliveries, {
          ...onConsole,
          query: { limit: ALERT_PAGE_SIZE, cursor: pageParam, ruleId },
          schema: alertDeliveryList,
          signal,
        }),
      ...cursorPage,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      refetchInterval: DELIVERY_LOG_REFRESH_MS,
      staleTime: 0,
    }),
  firings: () =>
    infiniteQueryOptions({
      queryKey: [...alertQueries.all(), 'firings'] as const,
      queryFn: ({ signal, pageParam }) =>
        apiRequest(ALERT_PATHS.firings, {
          ...onConsole,
          query: { limit: ALERT_PAGE_SIZE, cursor: pageParam },
          schema: alertFiringList,
          signal,
        }),
      ...cursorPage,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  notices: () =>
    queryOptions({
      queryKey: [...alertQueries.all(), 'notices'] as const,
      queryFn: ({ signal }) => apiRequest(ALERT_PATHS.notices, { ...onConsole, schema: alertNoticeList, signal }),
      refetchInterval: NOTICES_REFRESH_MS,
      staleTime: 5_000,
    }),
}

// What the console answers to a delete or a dismissal is not read: the lists are read again after it.
const anyAnswer = z.unknown()

export const createRule = (body: AlertRuleInput) =>
  apiRequest(ALERT_PATHS.rules, { ...onConsole, method: 'POST', body, schema: alertRule })

export const changeRule = ({ id, ...body }: AlertRuleInput & { id: string }) =>
  apiRequest(withId(ALERT_PATHS.rule, id), { ...onConsole, method: 'PUT', body, schema: alertRule })

export const deleteRule = (id: string) =>
  apiRequest(withId(ALERT_PATHS.rule, id), { ...onConsole, method: 'DELETE', schema: anyAnswer })

export const dismissNotice = (id: string) =>
  apiRequest(withId(ALERT_PATHS.dismiss, id), { ...onConsole, method: 'POST', schema: anyAnswer })

/** A new webhook comes back with its signing secret, this once. */
export const createChannel = (body: AlertChannelInput) =>
  apiRequest(ALERT_PATHS.channels, { ...onConsole, method: 'POST', body, schema: createdAlertChannel })

/** The channel's input as it is now, with `enabled` changed: what turning it on or off sends. */
export function channelInputOf(channel: AlertChannel, enabled: boolean): AlertChannelInput {
  return channel.kind === 'webhook'
    ? { kind: 'webhook', name: channel.name, url: channel.url ?? '', enabled }
    : { kind: 'email', name: channel.name, recipients: channel.recipients ?? [], enabled }
}

export const changeChannel = ({ id, body }: { id: string; body: AlertChannelInput }) =>
  apiRequest(withId(ALERT_PATHS.channel, id), { ...onConsole, method: 'PUT', body, schema: alertChannel })

export const deleteChannel = (id: string) =>
  apiRequest(withId(ALERT_PATHS.channel, id), { ...onConsole, method: 'DELETE', schema: anyAnswer })

/** 202 with the delivery it queued. */
export const testChannel = (id: string) =>
  apiRequest(withId(ALERT_PATHS.channelTest, id), { ...onConsole, method: 'POST', schema: alertDelivery })
