import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '@/api/session'
import { WorkListPage } from '@/features/call-lists/work/work-list-page'

export const Route = createFileRoute('/call-lists/$listId/work')({
  beforeLoad: ({ context }) => requirePermission(context.session, 'calls:create'),
  head: () => ({ meta: [{ title: 'Working a call list' }] }),
  component: WorkPage,
})

function WorkPage() {
  const { listId } = Route.useParams()
  // A fresh page per list: nothing of one list's contact carries into another's.
  return <WorkListPage key={listId} listId={listId} />
}
