import { Link, useRouterState } from '@tanstack/react-router'
import { Suspense, useEffect } from 'react'
import type { SessionResponse } from '@/api/contract/console-schemas'
import { can } from '@/api/session'
import { APP_NAME } from '@/components/document-title'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { useDisclosure } from '@/lib/use-disclosure'
import { AccountSummary } from './account-summary'
import { alertNoticesPart, dueCallbacksPart, upstreamBannerPart } from './header-parts'
import { rowPagesFor } from './nav-pages'
import { HEADER_WIDTH } from './page-width'
import { ThemeToggle } from './theme-toggle'
import { UserMenu } from './user-menu'

// Alerts' banner and the voice service's state load on their own, beside the page (header-parts.ts), and only for
// those who manage them: a cold page's JavaScript stays as light.
const AlertNotices = alertNoticesPart.Component
const UpstreamBanner = upstreamBannerPart.Component
// Callbacks due now, and their notices: for those who work callbacks.
const DueCallbacks = dueCallbacksPart.Component

const linkClass =
  'whitespace-nowrap rounded-md px-3 py-1.5 xl:px-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
const activeClass = 'bg-slate-100 text-slate-950 dark:bg-slate-800 dark:text-white'

/**
 * One row. From `lg` up everything is in it; below, a Menu button opens the same links and
 * controls in a panel under the row (one copy in the DOM, so nothing is read twice).
 */
/** The row is as wide on every page (page-width.ts): switching pages never moves a link under the pointer. */
export function AppHeader({ session }: { session: SessionResponse }) {
  const menu = useDisclosure<HTMLDivElement>()
  const { setOpen: setMenuOpen } = menu
  const pathname = useRouterState({ select: (state) => state.location.pathname })

  // A followed link closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input.
  useEffect(() => setMenuOpen(false), [pathname])

  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      {/* From `xl` (1280 px) one row, whatever the role: the name, the pages, then the account and the person, which
          give way (a long tier name or email is cut) before anything moves to a second row. The row has the wide
          pages' width on every page (an admin's eight pages and the account fill 1,150 px): a page of its own
          width under it once moved the whole row 35 px between Calls and New call. */}
      <div
        ref={menu.root}
        className={cn('flex flex-wrap items-center gap-x-6 gap-y-2 py-3 xl:flex-nowrap xl:gap-x-4', HEADER_WIDTH)}
      >
        <Link to="/calls" className="font-semibold whitespace-nowrap">
          {APP_NAME}
        </Link>
        <Button {...menu.buttonProps} variant="secondary" size="sm" className="ml-auto lg:hidden">
          Menu
        </Button>
        <div
          id={menu.panelId}
          className={cn(
            'basis-full flex-col gap-3 border-t border-slate-200 pt-3 lg:flex lg:flex-1 xl:min-w-0 lg:basis-auto lg:flex-row lg:items-center lg:border-0 lg:pt-0 dark:border-slate-800',
            menu.open ? 'flex' : 'hidden',
          )}
        >
          <nav aria-label="Main" className="flex flex-col gap-1 lg:shrink-0 lg:flex-row xl:gap-0">
            {rowPagesFor(session).map((item) => (
              <Link
                key={item.to}
                to={item.to}
                className={linkClass}
                activeOptions={{ exact: item.exact, includeSearch: false }}
                activeProps={{ className: activeClass, 'aria-current': 'page' }}
              >
                {item.label}
              </Link>
            ))}
          </nav>
          <div className="flex flex-wrap items-center gap-3 lg:ml-auto xl:min-w-0 xl:flex-nowrap xl:gap-2">
            {can(session, 'callbacks:work') && (
              <Suspense fallback={null}>
                <DueCallbacks />
              </Suspense>
            )}
            {/* The client id is for admins, the one role that manages people. */}
            {can(session, 'account:read') && <AccountSummary showClientId={can(session, 'users:manage')} />}
            <UserMenu session={session} />
            <ThemeToggle />
          </div>
        </div>
      </div>
      {can(session, 'users:manage') && (
        // The line's height is kept while it loads, so the page under the header does not move when it shows.
        <div className="min-h-6">
          <Suspense fallback={null}>
            <UpstreamBanner />
          </Suspense>
        </div>
      )}
      {can(session, 'alerts:manage') && (
        <Suspense fallback={null}>
          <AlertNotices />
        </Suspense>
      )}
    </header>
  )
}
