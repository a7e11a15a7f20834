import { useQueryClient } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import { setApiKey, useConnection } from '@/api/connection'
import { APP_NAME } from '@/components/document-title'
import { Button } from '@/components/ui/button'
import { AccountSummary } from './account-summary'
import { ThemeToggle } from './theme-toggle'

const NAV = [
  { to: '/calls', label: 'Calls', exact: true },
  { to: '/calls/new', label: 'New call', exact: true },
  { to: '/caller-ids', label: 'Caller IDs', exact: false },
  { to: '/usage', label: 'Usage', exact: false },
] as const

const linkClass =
  'rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
const activeClass = 'bg-slate-100 text-slate-950 dark:bg-slate-800 dark:text-white'

export function AppHeader({ connected = true }: { connected?: boolean }) {
  const { apiKey } = useConnection()
  const queryClient = useQueryClient()
  const router = useRouter()

  // The cached data belongs to the account of the key being forgotten.
  function disconnect() {
    setApiKey(null)
    queryClient.clear()
    void router.invalidate()
  }

  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link to="/calls" className="font-semibold">
          {APP_NAME}
        </Link>
        {connected && (
          <nav aria-label="Main" className="flex flex-wrap gap-1">
            {NAV.map((item) => (
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
          {connected && <AccountSummary />}
          {connected && apiKey && (
            <Button variant="secondary" size="sm" onClick={disconnect}>
              Disconnect
            </Button>
          )}
          <ThemeToggle />
        </div>
      </div>
    </header>
  )
}
