import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '@/api/session'
import { CallListPage } from '@/features/call-lists/list/call-list-page'

export const Route = createFileRoute('/call-lists/$listId/')({
  beforeLoad: ({ context }) => requirePermission(context.session, 'call-lists:read'),
  head: () => ({ meta: [{ title: 'Call list' }] }),
  component: ListPage,
})

function ListPage() {
  const { listId } = Route.useParams()
  return <CallListPage key={listId} listId={listId} />
}
