import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '@/api/session'
import { AlertsPage } from '@/features/alerts/alerts-page'

export const Route = createFileRoute('/alerts')({
  beforeLoad: ({ context }) => requirePermission(context.session, 'alerts:manage'),
  // Each section shows its own loading, empty and error states: the page never waits for all four. The
  // loader stays in the entry chunk (only the component is split off), so it imports the queries lazily:
  // statically, they and the alert schemas would weigh on every page's first load.
  loader: ({ context: { queryClient } }) => {
    void import('@/api/alerts').then(({ alertQueries }) =>
      Promise.all([
        queryClient.prefetchQuery(alertQueries.rules()),
        queryClient.prefetchQuery(alertQueries.channels()),
        queryClient.prefetchInfiniteQuery(alertQueries.deliveries()),
        queryClient.prefetchInfiniteQuery(alertQueries.firings()),
      ]),
    )
  },
  head: () => ({ meta: [{ title: 'Alerts' }] }),
  component: AlertsPage,
})
