import { createFileRoute } from '@tanstack/react-router'
import { can, requirePermission } from '@/api/session'
import { CallbacksPage } from '@/features/callbacks/callbacks-page'

// No loader: the callbacks' queries load with the page's own chunk (as /alerts), and each section shows its own state.
export const Route = createFileRoute('/callbacks')({
  // Agents work their callbacks here; managers and admins see everyone's overdue ones.
  beforeLoad: ({ context }) =>
    requirePermission(
      context.session,
      can(context.session, 'callbacks:oversee') ? 'callbacks:oversee' : 'callbacks:work',
    ),
  head: () => ({ meta: [{ title: 'Callbacks' }] }),
  component: CallbacksPage,
})
