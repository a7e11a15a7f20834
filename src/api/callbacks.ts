// Callbacks, kept by the console (issue 51, item 3): the one key factory and the changes. Loaded with the
// callbacks' page, panel and header part only.
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './client'
import {
  CALLBACK_PATHS,
  type CallbackInput,
  callback,
  callbackList,
  noticeAnswer,
  timeZonesAnswer,
} from './contract/callback-schemas'
import { CONSOLE_PREFIX } from './contract/console-schemas'

const onConsole = { prefix: CONSOLE_PREFIX }
const pathOf = (path: string, id: string) => path.replace(':id', encodeURIComponent(id))

/** How often a tab asks what is due: a callback is told within this of its time. */
export const DUE_POLL_MS = 15_000

export const callbackQueries = {
  all: () => ['callbacks'] as const,
  lists: () => [...callbackQueries.all(), 'list'] as const,
  /** The person's own and everyone's open callbacks; `due`: only those the console says are due now. */
  open: (due: boolean) =>
    queryOptions({
      queryKey: [...callbackQueries.lists(), { due }] as const,
      queryFn: ({ signal }) =>
        apiRequest(CALLBACK_PATHS.list, {
          ...onConsole,
          query: due ? { due: 'now' } : undefined,
          schema: callbackList,
          signal,
        }),
      select: (data) => data.callbacks,
    }),
  ofCall: (callId: string) =>
    queryOptions({
      queryKey: [...callbackQueries.lists(), { callId }] as const,
      queryFn: ({ signal }) =>
        apiRequest(CALLBACK_PATHS.list, { ...onConsole, query: { call_id: callId }, schema: callbackList, signal }),
      select: (data) => data.callbacks,
    }),
  /** Every person's callbacks waiting past their time (managers and admins). */
  overdue: () =>
    queryOptions({
      queryKey: [...callbackQueries.lists(), 'overdue'] as const,
      queryFn: ({ signal }) => apiRequest(CALLBACK_PATHS.overdue, { ...onConsole, schema: callbackList, signal }),
      select: (data) => data.callbacks,
    }),
  timeZones: (number: string) =>
    queryOptions({
      queryKey: [...callbackQueries.all(), 'time-zones', number] as const,
      queryFn: ({ signal }) =>
        apiRequest(CALLBACK_PATHS.timeZones, { ...onConsole, query: { number }, schema: timeZonesAnswer, signal }),
      select: (data) => data.time_zones,
      // A number's zones do not change while the page is open.
      staleTime: Number.POSITIVE_INFINITY,
    }),
}

export const askCallback = (body: CallbackInput) =>
  apiRequest(CALLBACK_PATHS.list, { ...onConsole, method: 'POST', body, schema: callback })

export const markCallbackDone = (id: string) =>
  apiRequest(pathOf(CALLBACK_PATHS.done, id), { ...onConsole, method: 'POST', schema: callback })

export const cancelCallback = (id: string) =>
  apiRequest(pathOf(CALLBACK_PATHS.cancel, id), { ...onConsole, method: 'POST', schema: callback })

/** This tab's name in its notice claims, while it is open (getRandomValues: randomUUID needs https). */
const NOTICE_TAB = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
  byte.toString(16).padStart(2, '0'),
).join('')

/** This tab's word on a callback's notice: a claim it asks to be held for it, or that it showed the one it won. */
const noticeFromThisTab = (id: string, say: { hold: 'true' } | { shown: 'true' }) =>
  apiRequest(pathOf(CALLBACK_PATHS.notice, id), {
    ...onConsole,
    method: 'POST',
    query: { tab: NOTICE_TAB, ...say },
    schema: noticeAnswer,
  })

/**
 * `first` for the first of this person's tabs (or browsers) to ask once it is due: that one tells them. The same tab
 * asking again hears true again, so a claim whose answer was lost can be asked once more. `held_until` when another
 * tab won it and has not yet said it showed it: asked again, it may be this tab's once the hold has lapsed.
 */
export const claimCallbackNotice = (id: string) => noticeFromThisTab(id, { hold: 'true' })

/** This tab showed the notice it won: no other tab takes it over. */
export const showedCallbackNotice = (id: string) => noticeFromThisTab(id, { shown: 'true' })

export const rescheduleCallback = ({ id, dueAt }: { id: string; dueAt: string }) =>
  apiRequest(pathOf(CALLBACK_PATHS.reschedule, id), {
    ...onConsole,
    method: 'POST',
    body: { due_at: dueAt },
    schema: callback,
  })
