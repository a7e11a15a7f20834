import { Link } from '@tanstack/react-router'
import { buttonVariants } from '@/components/ui/button'
import { cn } from '@/lib/cn'

const off = 'pointer-events-none opacity-50'

/** Previous and next page of caller IDs, as links: each page has its own URL. */
export function CallerIdsPager({ page, pages }: { page: number; pages: number }) {
  return (
    <nav aria-label="Pages of caller IDs" className="flex items-center justify-end gap-2">
      <PageLink to={page - 1} enabled={page > 1}>
        Previous page
      </PageLink>
      <span className="text-sm text-slate-600 tabular-nums dark:text-slate-400">
        Page {page} of {pages}
      </span>
      <PageLink to={page + 1} enabled={page < pages}>
        Next page
      </PageLink>
    </nav>
  )
}

function PageLink({ to, enabled, children }: { to: number; enabled: boolean; children: string }) {
  return (
    <Link
      from="/caller-ids"
      to="/caller-ids"
      search={(prev) => ({ ...prev, page: to > 1 ? to : undefined })}
      className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }), !enabled && off)}
      aria-disabled={!enabled}
      tabIndex={enabled ? undefined : -1}
      disabled={!enabled}
    >
      {children}
    </Link>
  )
}
