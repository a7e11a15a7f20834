import { Link } from '@tanstack/react-router'
import { buttonVariants } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { nextPageSearch, previousPageSearch } from '@/lib/cursor-trail'

import { useAuditSearch } from './audit-search'

const disabled = 'pointer-events-none opacity-50'

/** Newest first: the next page holds older entries. */
export function AuditPagination({ nextCursor }: { nextCursor: string | null }) {
  const search = useAuditSearch()
  const hasNewer = (search.prev?.length ?? 0) > 0

  return (
    <nav aria-label="Pages of entries" className="flex items-center justify-end gap-2">
      <Link
        from="/audit"
        to="/audit"
        search={previousPageSearch(search)}
        className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }), !hasNewer && disabled)}
        aria-disabled={!hasNewer}
        tabIndex={hasNewer ? undefined : -1}
        disabled={!hasNewer}
      >
        Newer entries
      </Link>
      <Link
        from="/audit"
        to="/audit"
        search={nextCursor ? nextPageSearch(search, nextCursor) : search}
        className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }), !nextCursor && disabled)}
        aria-disabled={!nextCursor}
        tabIndex={nextCursor ? undefined : -1}
        disabled={!nextCursor}
      >
        Older entries
      </Link>
    </nav>
  )
}
