import { APP_NAME } from '@/components/document-title'
import { cn } from '@/lib/cn'
import { pageWidth } from './page-width'
import { ThemeToggle } from './theme-toggle'

/**
 * The header while nobody is signed in: the name and the theme, nothing that needs a session. Without the router,
 * so that the sign-in document (src/sign-in-document/) shows the same one: the name is a plain link.
 */
export function SignedOutHeader() {
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className={cn('flex items-center gap-x-6 py-3', pageWidth(false), 'xl:max-w-7xl')}>
        <a href="/sign-in" className="font-semibold whitespace-nowrap">
          {APP_NAME}
        </a>
        <div className="ml-auto">
          <ThemeToggle />
        </div>
      </div>
    </header>
  )
}
