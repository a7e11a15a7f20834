import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '@/api/session'
import { AlertsPage } from '@/features/alerts/alerts-page'
import { alertsUrlSearch } from '@/features/alerts/alerts-url'

// No loader: its queries would have to be imported lazily (statically they weigh on every page's first load),
// and that import takes as long as the page's own chunk, whose sections then start all four reads at once.
export const Route = createFileRoute('/alerts')({
  beforeLoad: ({ context }) => requirePermission(context.session, 'alerts:manage'),
  validateSearch: alertsUrlSearch,
  head: () => ({ meta: [{ title: 'Alerts' }] }),
  component: AlertsPage,
})
