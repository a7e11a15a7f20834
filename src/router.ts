import { createRouter } from '@tanstack/react-router'
import { replaceSession, sessionQueries, takeEmbeddedSession, watchSessionChanges } from './api/session'
import { onSessionEnded, reportSessionEnded } from './api/session-ended'
import { queryClient } from './query-client'
import { routeTree } from './routeTree.gen'

// Who is signed in, as the page was served: the first route needs no round trip to know it.
const embedded = takeEmbeddedSession()
if (embedded !== undefined) queryClient.setQueryData(sessionQueries.current().queryKey, embedded)

export const router = createRouter({
  routeTree,
  context: { queryClient, session: null },
  defaultPreload: 'intent',
  // Query owns caching; the router always asks it.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
})

// The server ended the session (idle, signed out elsewhere, deactivated): forget what this
// tab knew and ask to sign in, coming back here afterwards.
onSessionEnded(() => {
  if (router.state.location.pathname === '/sign-in') return
  const redirect = router.state.location.href
  replaceSession(queryClient, null)
  void router.navigate({ to: '/sign-in', search: { redirect }, replace: true })
})

// An admin may change this person's role or end their sessions at any time. Each navigation reads
// the session again, in the background (the page does not wait for it); a changed role then runs
// the guards of the page on screen again, so the navigation and the page follow the new role.
// The server refuses regardless: this only keeps the tab from offering what it would refuse.
router.subscribe('onBeforeNavigate', (event) => {
  if (!event.fromLocation || !event.hrefChanged) return
  void queryClient.invalidateQueries({ queryKey: sessionQueries.current().queryKey, exact: true })
})
watchSessionChanges(queryClient, { roleChanged: () => void router.invalidate(), ended: reportSessionEnded })

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}
