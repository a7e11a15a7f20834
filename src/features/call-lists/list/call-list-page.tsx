import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { callListQueries } from '@/api/call-lists'
import { outcomeKindQueries } from '@/api/outcome-kinds'
import { can, sessionQueries } from '@/api/session'
import { RevealedText } from '@/components/revealed-text'
import { Badge } from '@/components/ui/badge'
import { buttonVariants } from '@/components/ui/button'
import { Card, CardTitle } from '@/components/ui/card'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { PauseButton } from '../pause-button'
import { outcomeWords, progressWords } from '../progress-words'
import { AssignmentForm } from './assignment-form'

/** One list: where it stands and its results; for managers, who works it and Pause/Resume; Work for those who call. */
export function CallListPage({ listId }: { listId: string }) {
  const session = useQuery(sessionQueries.current()).data
  const manages = can(session, 'call-lists:manage')
  const list = useQuery(callListQueries.detail(listId))
  const kinds = useQuery(outcomeKindQueries.list()).data ?? []
  if (list.isPending) return <Skeleton className="h-64" />
  if (list.isError)
    return <ErrorState error={list.error} onRetry={() => void list.refetch()} title="Could not open the list" />
  const { data } = list
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm">
          <Link to="/call-lists" className="text-indigo-700 underline dark:text-indigo-300">
            Call lists
          </Link>
        </p>
        <h1 className="text-2xl font-semibold">
          <RevealedText text={data.name} /> {data.paused && <Badge tone="warning">Paused</Badge>}
        </h1>
      </div>
      <Card aria-labelledby="list-progress">
        <CardTitle id="list-progress">Where it stands</CardTitle>
        <p className="mt-2 text-sm">{progressWords(data.progress)}</p>
        <p className="text-sm">
          By outcome:{' '}
          {data.progress.byOutcome.length === 0 ? (
            'none recorded yet'
          ) : (
            <RevealedText text={outcomeWords(data.progress.byOutcome, kinds)} />
          )}
        </p>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {data.paused
            ? 'Paused: nobody gets a contact of it; each person’s place is kept for the resume.'
            : 'Open: the people who work it get its contacts one at a time.'}
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {can(session, 'calls:create') && !data.paused && (
            <Link to="/call-lists/$listId/work" params={{ listId: data.id }} className={buttonVariants({ size: 'sm' })}>
              Work this list
            </Link>
          )}
          {manages && <PauseButton list={data} />}
        </div>
      </Card>
      {manages ? (
        <AssignmentForm key={data.id} list={data} />
      ) : (
        <p className="text-sm">
          Works it:{' '}
          {data.everyone
            ? 'everyone who places calls'
            : data.assignees.map((a, i) => (
                <span key={a.email}>
                  {i > 0 && ', '}
                  <RevealedText text={a.email} />
                </span>
              ))}
        </p>
      )}
    </div>
  )
}
