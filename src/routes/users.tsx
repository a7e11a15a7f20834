import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '@/api/session'
import { SsoSettingsSection } from '@/features/sso-settings/sso-settings-section'
import { UsersPage } from '@/features/users/users-page'

export const Route = createFileRoute('/users')({
  beforeLoad: ({ context }) => requirePermission(context.session, 'users:manage'),
  // The list's query and its contract are imported here, not above: statically they would weigh on every page's
  // first load.
  loader: ({ context }) => {
    void import('@/api/users').then(({ userQueries }) => context.queryClient.prefetchQuery(userQueries.list()))
  },
  head: () => ({ meta: [{ title: 'Users' }] }),
  component: UsersRoute,
})

// Who may sign in, and with which provider: two features side by side, composed here (features never import each other).
function UsersRoute() {
  return (
    <div className="space-y-6">
      <UsersPage />
      <SsoSettingsSection />
    </div>
  )
}
