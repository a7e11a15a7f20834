import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, redirect } from '@tanstack/react-router'
import type { SessionResponse } from '@/api/console-schemas'
import { sessionQueries } from '@/api/session'
import { AppLayout } from '@/features/shell/app-layout'
import { NotFound, RootError } from '@/features/shell/root-states'

interface RouterContext {
  queryClient: QueryClient
  session: SessionResponse | null
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every page but sign-in needs a session; the server enforces it, this spares a page of 401s.
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueries.current())
    if (!session && location.pathname !== '/sign-in') {
      throw redirect({ to: '/sign-in', search: { redirect: location.href }, replace: true })
    }
    return { session }
  },
  component: AppLayout,
  errorComponent: RootError,
  notFoundComponent: NotFound,
})
