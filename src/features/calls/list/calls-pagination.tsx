import { getRouteApi, Link } from '@tanstack/react-router'
import { buttonVariants } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { isCursorSeen, nextPageSearch, previousPageSearch } from '@/lib/cursor-trail'

const route = getRouteApi('/calls/')

export function CallsPagination({ nextCursor: offered }: { nextCursor: string | null }) {
  const search = route.useSearch()
  const hasPrevious = (search.prev?.length ?? 0) > 0
  const repeated = offered !== null && isCursorSeen(search, offered)
  const nextCursor = repeated ? null : offered
  const disabled = 'pointer-events-none opacity-50'

  return (
    <nav aria-label="Pages of calls" className="flex flex-wrap items-center justify-end gap-2">
      {repeated && (
        <p role="status" className="text-muted-foreground text-sm">
          The service named a page already shown as the next one, so this is the last page it gave.
        </p>
      )}
      <Link
        from="/calls/"
        to="/calls"
        search={previousPageSearch(search)}
        className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }), !hasPrevious && disabled)}
        aria-disabled={!hasPrevious}
        tabIndex={hasPrevious ? undefined : -1}
        disabled={!hasPrevious}
      >
        Previous
      </Link>
      <Link
        from="/calls/"
        to="/calls"
        search={nextCursor ? nextPageSearch(search, nextCursor) : search}
        className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }), !nextCursor && disabled)}
        aria-disabled={!nextCursor}
        tabIndex={nextCursor ? undefined : -1}
        disabled={!nextCursor}
      >
        Next
      </Link>
    </nav>
  )
}
