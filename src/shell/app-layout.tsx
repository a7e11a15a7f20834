import { useQuery } from '@tanstack/react-query'
import { Outlet, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { sessionQueries } from '@/api/session'
import { DocumentTitle } from '@/components/document-title'
import { RateLimitBanner } from '@/components/rate-limit-banner'
import { cn } from '@/lib/cn'
import { LiveProvider } from '@/live/live-provider'
import { AppHeader } from './app-header'
import { shortcutsComing } from './keyboard/early-keys'
import { isWidePage, pageWidth } from './page-width'
import { SignedOutHeader } from './signed-out-header'
import { SkipLink } from './skip-link'
import { useHeadingFocusOnNavigation } from './use-heading-focus'

// The keyboard shortcuts load on their own, right after the page: a cold /calls stays as light (keyboard/README.md).
// Requested only for a signed-in page; from then until they listen, early-keys keeps what is pressed for them.
const KeyboardShortcuts = lazy(() => {
  shortcutsComing()
  return import('./keyboard/keyboard-shortcuts')
})

export function AppLayout() {
  const { data: session } = useQuery(sessionQueries.current())
  useHeadingFocusOnNavigation()
  // The live board's wall mode: no navigation, the whole width.
  const wall = useRouterState({
    select: (state) =>
      state.location.pathname === '/live' && (state.location.search as { wall?: unknown }).wall === true,
  })
  const wide = useRouterState({ select: (state) => isWidePage(state.location.pathname) })
  return (
    <LiveProvider session={session ?? null}>
      <div className="min-h-screen bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        <SkipLink />
        {!wall && (session ? <AppHeader session={session} /> : <SignedOutHeader />)}
        {session && (
          <Suspense fallback={null}>
            <KeyboardShortcuts session={session} />
          </Suspense>
        )}
        {/* Room below the page for the call toasts (bottom right): scrolled to its end, a pager shows above them. */}
        <main id="main" className={wall ? 'px-6 py-6' : cn(pageWidth(wide), wide ? 'pt-4 sm:pt-6' : 'pt-6', 'pb-32')}>
          <DocumentTitle />
          <RateLimitBanner />
          <Outlet />
        </main>
      </div>
    </LiveProvider>
  )
}
