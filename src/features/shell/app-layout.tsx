import { useQuery } from '@tanstack/react-query'
import { Outlet } from '@tanstack/react-router'
import { sessionQueries } from '@/api/session'
import { DocumentTitle } from '@/components/document-title'
import { AppHeader } from './app-header'
import { useHeadingFocusOnNavigation } from './use-heading-focus'

export function AppLayout() {
  const { data: session } = useQuery(sessionQueries.current())
  useHeadingFocusOnNavigation()
  return (
    <div className="min-h-screen bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      <AppHeader session={session ?? null} />
      <main id="main" className="mx-auto max-w-6xl px-4 py-6">
        <DocumentTitle />
        <Outlet />
      </main>
    </div>
  )
}
