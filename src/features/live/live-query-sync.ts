// The event stream feeds the same query cache the pages read, so a page shows a pushed status exactly
// as one it fetched. Only what a page already holds is updated: the stream never fills the cache.
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { callIndexQueries } from '@/api/call-index'
import { callQueries } from '@/api/calls'
import { INDEX_SYNC_MS } from '@/api/contract/call-index-schemas'
import type { LiveCallEntry } from '@/api/contract/live-schemas'
import type { CallStatusResponse } from '@/api/contract/schemas'

/** The lists a page may hold: the voice API's pages and the index's searches, rows of one shape. */
const LIST_KEYS: QueryKey[] = [callQueries.lists(), callIndexQueries.searches()]

interface RowsPage {
  calls: { call_id: string; status: string; duration_seconds?: number | null }[]
}

/**
 * The console writes the status it pushes into its call index as it sends it: a search sent at once could
 * be answered before the write lands, and no later event would ask again.
 */
const INDEX_GRACE_MS = 1_000

/** After the index's next listing of new calls, with a second to write them. */
const INDEX_PASS_MS = INDEX_SYNC_MS + 1_000

/** A list refetches at most this often for calls it does not hold yet (it cannot know their place). */
export const NEW_CALL_REFRESH_MS = 5_000

export function createLiveQuerySync(queryClient: QueryClient) {
  let lastListRefresh = 0
  let pendingRefresh: ReturnType<typeof setTimeout> | undefined
  let followUp: ReturnType<typeof setTimeout> | undefined

  const refreshLists = () => {
    lastListRefresh = Date.now()
    // A list already asking (or retrying a failure) goes on: cancelling it on each event would, on a busy
    // account, keep a failing list from ever settling on its error, and the follow-up refresh catches up.
    for (const queryKey of LIST_KEYS)
      void queryClient.invalidateQueries({ queryKey, refetchType: 'active' }, { cancelRefetch: false })
  }

  function refreshListsSoon() {
    if (pendingRefresh) return
    const wait = Math.max(INDEX_GRACE_MS, lastListRefresh + NEW_CALL_REFRESH_MS - Date.now())
    pendingRefresh = setTimeout(() => {
      pendingRefresh = undefined
      refreshLists()
      // A call placed outside the console reaches the index with its sync's next pass, up to 5 s after the
      // hub saw it: one more refresh after that, whether or not another event comes.
      clearTimeout(followUp)
      followUp = setTimeout(refreshLists, INDEX_PASS_MS)
    }, wait)
  }

  function sync({ call }: LiveCallEntry) {
    const status: CallStatusResponse = {
      call_id: call.call_id,
      status: call.status,
      duration_seconds: call.duration_seconds,
      started_at: call.started_at,
      updated_at: call.updated_at,
    }
    const statusKey = callQueries.status(call.call_id).queryKey
    if (queryClient.getQueryData(statusKey) !== undefined) queryClient.setQueryData(statusKey, status)

    let listed = false
    for (const queryKey of LIST_KEYS)
      queryClient.setQueriesData<RowsPage>({ queryKey }, (list) => {
        const row = list?.calls.find((item) => item.call_id === call.call_id)
        if (!list || !row) return undefined
        listed = true
        if (row.status === call.status && row.duration_seconds === call.duration_seconds) return undefined
        const calls = list.calls.map((item) =>
          item === row ? { ...item, status: call.status, duration_seconds: call.duration_seconds } : item,
        )
        return { ...list, calls }
      })
    // A call a list does not hold may belong on it now: a new call, or one that just ended under a
    // filter by outcome. Refetches are at most one per NEW_CALL_REFRESH_MS, whatever the events.
    if (!listed) refreshListsSoon()
  }

  return {
    sync,
    stop: () => {
      clearTimeout(pendingRefresh)
      clearTimeout(followUp)
    },
  }
}
