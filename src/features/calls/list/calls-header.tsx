import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { can, sessionQueries } from '@/api/session'
import { buttonVariants } from '@/components/ui/button'

export function CallsHeader() {
  const mayPlaceCalls = can(useQuery(sessionQueries.current()).data, 'calls:create')
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h1 className="text-2xl font-semibold">Calls</h1>
      {mayPlaceCalls && (
        <Link to="/calls/new" className={buttonVariants({ variant: 'secondary' })}>
          New call
        </Link>
      )}
    </div>
  )
}
