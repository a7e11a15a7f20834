// For admins, below the calls list: the search index's progress, and a full re-index on demand (the
// console lists every call again; POST /calls/index, which only admins may send).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callIndexQueries, startBackfill } from '@/api/call-index'
import type { IndexState } from '@/api/contract/call-index-schemas'
import { Button } from '@/components/ui/button'
import { errorText } from '@/lib/error-text'
import { formatNumber } from '@/lib/format'

/** While a backfill runs, its progress moves this often. */
const BACKFILL_POLL_MS = 2_000
/** Otherwise, often enough that a listing cut short (or back to normal) shows without a reload. */
const NOTICE_POLL_MS = 30_000

function progressWords(state: IndexState): string {
  // While a backfill runs, the console's message is its progress ("Indexed 41,200 of about 100,000 calls.").
  if (state.backfill?.running && state.message) return state.message
  const details = state.pendingDetails > 0 ? `; ${formatNumber(state.pendingDetails)} still without their details` : ''
  return [`${formatNumber(state.indexed)} calls indexed${details}.`, state.message].filter(Boolean).join(' ')
}

export default function IndexAdmin() {
  const queryClient = useQueryClient()
  const state = useQuery({
    ...callIndexQueries.state(),
    refetchInterval: (q) => (q.state.data?.backfill?.running ? BACKFILL_POLL_MS : NOTICE_POLL_MS),
  })
  const reindex = useMutation({
    mutationFn: startBackfill,
    onSuccess: (answer) => queryClient.setQueryData(callIndexQueries.state().queryKey, answer),
  })
  const data = state.data
  const running = data?.backfill?.running ?? false
  return (
    <section aria-label="Search index (admins)" className="space-y-2">
      {/* Outside the folded details: a listing cut short is news an admin should not have to unfold. */}
      {data?.notice && (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <strong className="font-medium">Search index:</strong> {data.notice}
        </p>
      )}
      <details className="rounded-md border border-slate-200 px-3 py-2 text-sm dark:border-slate-800">
        <summary className="cursor-pointer font-medium">Search index (admins)</summary>
        <div className="mt-2 space-y-2">
          <p role="status">
            {data
              ? progressWords(data)
              : state.isError
                ? `Its state could not be read: ${errorText(state.error)}`
                : 'Loading…'}
          </p>
          <p className="text-slate-600 dark:text-slate-400">
            Re-indexing lists every call of the account again, a page of 100 per request within the index's own request
            budget; search keeps working meanwhile. It is needed only if calls were changed in the voice service behind
            the console's back.
          </p>
          <Button
            variant="secondary"
            size="xs"
            disabled={running || reindex.isPending || data?.state === 'unavailable'}
            onClick={() => reindex.mutate()}
          >
            {running ? 'Re-indexing…' : 'Re-index all calls'}
          </Button>
          {reindex.isError && <p role="alert">The re-index could not start: {errorText(reindex.error)}</p>}
        </div>
      </details>
    </section>
  )
}
