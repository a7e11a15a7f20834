import { useQuery } from '@tanstack/react-query'
import { callListQueries } from '@/api/call-lists'
import { can, sessionQueries } from '@/api/session'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { ImportListSection } from './import/import-list-section'
import { ListsTable } from './lists-table'

/** The lists this person works (or, for managers, every list), with their progress; managers import new ones here. */
export function CallListsPage() {
  const session = useQuery(sessionQueries.current()).data
  const manages = can(session, 'call-lists:manage')
  const lists = useQuery(callListQueries.list())
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Call lists</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          People to call, one after another: open a list to work it, a contact at a time, from the keyboard.
        </p>
      </div>
      {lists.isPending ? (
        <Skeleton className="h-32" />
      ) : lists.isError ? (
        <ErrorState error={lists.error} onRetry={() => void lists.refetch()} title="Could not load the call lists" />
      ) : lists.data.length === 0 ? (
        <EmptyState title="No call lists yet">
          {manages ? 'Import one below from a CSV file.' : 'A manager assigns lists to you; they show here.'}
        </EmptyState>
      ) : (
        <ListsTable lists={lists.data} manages={manages} works={can(session, 'calls:create')} />
      )}
      {manages && <ImportListSection />}
    </div>
  )
}
