import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '@/api/session'
import { userQueries } from '@/api/users'
import { UsersPage } from '@/features/users/users-page'

export const Route = createFileRoute('/users')({
  beforeLoad: ({ context }) => requirePermission(context.session, 'users:manage'),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(userQueries.list())
  },
  head: () => ({ meta: [{ title: 'Users' }] }),
  component: UsersPage,
})
