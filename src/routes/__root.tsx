import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, redirect } from '@tanstack/react-router'
import { PUBLIC_PAGES, type SessionResponse } from '@/api/contract/console-schemas'
import { sessionQueries } from '@/api/session'
import { AppLayout } from '@/shell/app-layout'
import { preloadHeaderParts } from '@/shell/header-parts'
import { NotFound, RootError } from '@/shell/root-states'

interface RouterContext {
  queryClient: QueryClient
  session: SessionResponse | null
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every page but sign-in and set-up needs a session; the server enforces it, this spares a page of 401s.
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueries.current())
    if (!session && !PUBLIC_PAGES.includes(location.pathname)) {
      throw redirect({ to: '/sign-in', search: { redirect: location.href }, replace: true })
    }
    return { session }
  },
  // Beside each page's own loader: the header's parts then show with the page rather than push it down.
  loader: ({ context }) => preloadHeaderParts(context.queryClient, context.session),
  component: AppLayout,
  errorComponent: RootError,
  notFoundComponent: NotFound,
})
