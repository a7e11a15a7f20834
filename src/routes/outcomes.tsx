import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '@/api/session'
import { OutcomeKindsPage } from '@/features/outcome-kinds/outcome-kinds-page'

// Linked from the Users page: the admin header has no room at 1280 px (e2e/header.spec.ts).
export const Route = createFileRoute('/outcomes')({
  beforeLoad: ({ context }) => requirePermission(context.session, 'outcome-kinds:manage'),
  head: () => ({ meta: [{ title: 'Outcomes' }] }),
  component: OutcomeKindsPage,
})
