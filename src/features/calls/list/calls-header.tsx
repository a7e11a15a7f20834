import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { can, sessionQueries } from '@/api/session'
import { buttonVariants } from '@/components/ui/button'
import { cn } from '@/lib/cn'

/** The page's title and New call, as two items: the page's grid places each (calls-list-layout.ts). */
export function CallsHeader({
  titleClassName,
  actionClassName,
}: {
  titleClassName?: string
  actionClassName?: string
}) {
  const mayPlaceCalls = can(useQuery(sessionQueries.current()).data, 'calls:create')
  return (
    <>
      <h1 className={cn('text-2xl font-semibold', titleClassName)}>Calls</h1>
      {mayPlaceCalls && (
        <Link to="/calls/new" className={cn(buttonVariants({ variant: 'secondary' }), actionClassName)}>
          New call
        </Link>
      )}
    </>
  )
}
