import { Link } from '@tanstack/react-router'
import type { Permission, SessionResponse } from '@/api/console-schemas'
import { can } from '@/api/session'
import { APP_NAME } from '@/components/document-title'
import { AccountSummary } from './account-summary'
import { ThemeToggle } from './theme-toggle'
import { UpstreamBanner } from './upstream-banner'
import { UserMenu } from './user-menu'

// Each page with the permission it needs: a role sees only the pages of its work.
const NAV: { to: string; label: string; exact: boolean; permission: Permission }[] = [
  { to: '/calls', label: 'Calls', exact: true, permission: 'calls:read' },
  { to: '/calls/new', label: 'New call', exact: true, permission: 'calls:create' },
  { to: '/caller-ids', label: 'Caller IDs', exact: false, permission: 'caller-ids:read' },
  { to: '/usage', label: 'Usage', exact: false, permission: 'usage:read' },
]

const linkClass =
  'rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
const activeClass = 'bg-slate-100 text-slate-950 dark:bg-slate-800 dark:text-white'

export function AppHeader({ session }: { session: SessionResponse | null }) {
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link to={session ? '/calls' : '/sign-in'} className="font-semibold">
          {APP_NAME}
        </Link>
        {session && (
          <nav aria-label="Main" className="flex flex-wrap gap-1">
            {NAV.filter((item) => can(session, item.permission)).map((item) => (
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
        )}
        <div className="ml-auto flex items-center gap-3">
          {can(session, 'account:read') && <AccountSummary />}
          {session && <UserMenu session={session} />}
          <ThemeToggle />
        </div>
      </div>
      {can(session, 'users:manage') && <UpstreamBanner />}
    </header>
  )
}
