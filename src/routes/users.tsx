import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '@/api/session'
import { UsersPage } from '@/features/users/users-page'

export const Route = createFileRoute('/users')({
  beforeLoad: ({ context }) => requirePermission(context.session, 'users:manage'),
  // The list's query and its contract are imported here, not above: statically they would weigh on every page's
  // first load.
  loader: ({ context }) => {
    void import('@/api/users').then(({ userQueries }) => context.queryClient.prefetchQuery(userQueries.list()))
  },
  head: () => ({ meta: [{ title: 'Users' }] }),
  component: UsersPage,
})
