import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '@/api/session'
import { DoNotCallPage } from '@/features/do-not-call/do-not-call-page'

// No loader, as for /integrations: its queries imported statically would weigh on every page's first load.
// Every role reads the list; the admin header has no room for it (e2e/header.spec.ts), so it is in their menu.
export const Route = createFileRoute('/do-not-call')({
  beforeLoad: ({ context }) => requirePermission(context.session, 'do-not-call:read'),
  head: () => ({ meta: [{ title: 'Do not call' }] }),
  component: DoNotCallPage,
})
