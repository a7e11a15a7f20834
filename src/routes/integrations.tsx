import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '@/api/session'
import { IntegrationsPage } from '@/features/integrations/integrations-page'

// No loader, as for /alerts: its queries imported statically would weigh on every page's first load.
export const Route = createFileRoute('/integrations')({
  beforeLoad: ({ context }) => requirePermission(context.session, 'integrations:manage'),
  head: () => ({ meta: [{ title: 'Integrations' }] }),
  component: IntegrationsPage,
})
