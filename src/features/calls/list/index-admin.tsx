// For admins, below the calls list: the search index's progress, and a full re-index on demand (the
// console lists every call again; POST /calls/index, which only admins may send).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callIndexQueries, startBackfill } from '@/api/call-index'
import type { IndexState } from '@/api/call-index-schemas'
import { Button } from '@/components/ui/button'
import { errorText } from '@/lib/error-text'

/** While a backfill runs, its progress moves this often. */
const BACKFILL_POLL_MS = 2_000

const count = (n: number) => n.toLocaleString('en-US')

function progressWords(state: IndexState): string {
  const backfill = state.backfill
  if (backfill?.running)
    return backfill.estimatedTotal === null
      ? `Indexed ${count(backfill.listed)} calls so far.`
      : `Indexed ${count(backfill.listed)} of about ${count(Math.max(backfill.listed, backfill.estimatedTotal))} calls.`
  const details = state.pendingDetails > 0 ? `; ${count(state.pendingDetails)} still without their details` : ''
  return `${count(state.indexed)} calls indexed${details}.`
}

export function IndexAdmin() {
  const queryClient = useQueryClient()
  const state = useQuery({
    ...callIndexQueries.state(),
    refetchInterval: (q) => (q.state.data?.backfill?.running ? BACKFILL_POLL_MS : false),
  })
  const reindex = useMutation({
    mutationFn: startBackfill,
    onSuccess: (answer) => queryClient.setQueryData(callIndexQueries.state().queryKey, answer),
  })
  const data = state.data
  const running = data?.backfill?.running ?? false
  return (
    <details className="rounded-md border border-slate-200 px-3 py-2 text-sm dark:border-slate-800">
      <summary className="cursor-pointer font-medium">Search index (admins)</summary>
      <div className="mt-2 space-y-2">
        <p role="status">
          {data
            ? progressWords(data)
            : state.isError
              ? `Its state could not be read: ${errorText(state.error)}`
              : 'Loading…'}
          {data?.message && !running && ` ${data.message}`}
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
  )
}
