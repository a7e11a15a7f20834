import { createFileRoute } from '@tanstack/react-router'
import { callIndexQueries } from '@/api/call-index'
import { callQueries } from '@/api/calls'
import { requirePermission } from '@/api/session'
import { RouteError } from '@/components/route-error'
import { CallsListPage } from '@/features/calls/list/calls-list-page'
import { CallsListSkeleton } from '@/features/calls/list/calls-list-skeleton'
import { callsSearchSchema, toListQuery, toSearchQuery } from '@/features/calls/list/calls-search'
import { sourceOfAnswer } from '@/features/calls/list/calls-source'
import { loadUnlessStaying } from '@/lib/load-unless-staying'
import { loadPhoneFormats } from '@/lib/phone-format-loading'

export const Route = createFileRoute('/calls/')({
  beforeLoad: ({ context }) => requirePermission(context.session, 'calls:read'),
  validateSearch: callsSearchSchema,
  loaderDeps: ({ search }) => ({ search }),
  // The index first; the voice API's list when the index cannot answer the view (calls-source.ts).
  // A failure is the page's to show: it keeps the filters and the rows it has, and offers Retry.
  // Then the formats of the numbers it shows, so that its first paint has them formatted.
  // A new search on the list already shown is not waited for (loadUnlessStaying).
  loader: async ({ context: { queryClient }, deps: { search }, cause }) => {
    const load = async () => {
      const index = await queryClient.ensureQueryData(callIndexQueries.search(toSearchQuery(search))).then(
        (data) => ({ data, choice: sourceOfAnswer(search, data, null) }),
        (error: unknown) => ({ data: undefined, choice: sourceOfAnswer(search, undefined, error) }),
      )
      const list =
        index.choice?.source === 'api'
          ? await queryClient.ensureQueryData(callQueries.list(toListQuery(search))).catch(() => undefined)
          : undefined
      const calls = [...(index.data?.calls ?? []), ...(list?.calls ?? [])]
      await loadPhoneFormats(calls.flatMap((call) => [call.caller_id, call.destination]))
    }
    await loadUnlessStaying(cause, load)
  },
  head: () => ({ meta: [{ title: 'Calls' }] }),
  pendingComponent: CallsListSkeleton,
  errorComponent: RouteError,
  component: CallsListPage,
})
