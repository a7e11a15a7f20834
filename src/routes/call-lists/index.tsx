import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '@/api/session'
import { CallListsPage } from '@/features/call-lists/call-lists-page'

export const Route = createFileRoute('/call-lists/')({
  beforeLoad: ({ context }) => requirePermission(context.session, 'call-lists:read'),
  head: () => ({ meta: [{ title: 'Call lists' }] }),
  component: CallListsPage,
})
