import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { outcomeKindQueries } from '@/api/outcome-kinds'
import { Card, CardTitle } from '@/components/ui/card'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { AddOutcomeForm } from './add-outcome-form'
import { OutcomeKindRow } from './outcome-kind-row'

/** The outcomes people record after a call, as admins keep them (issue 51). */
export function OutcomeKindsPage() {
  const kinds = useQuery(outcomeKindQueries.list())
  const [notice, setNotice] = useState('')
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Outcomes</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          What people choose from after a call, in this order. An archived outcome stays on the calls that have it and
          is no longer offered.
        </p>
      </div>
      <Card aria-labelledby="add-outcome-title">
        <CardTitle id="add-outcome-title">Add an outcome</CardTitle>
        <div className="mt-3">
          <AddOutcomeForm onAdded={(label) => setNotice(`Added “${label}” at the end of the list.`)} />
        </div>
      </Card>
      <Card aria-labelledby="outcome-list-title">
        <CardTitle id="outcome-list-title">The list</CardTitle>
        <p role="status" className="mt-1 text-sm">
          {notice}
        </p>
        {kinds.isPending ? (
          <div className="mt-3 space-y-2">
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
          </div>
        ) : kinds.isError ? (
          <ErrorState title="Could not load the outcomes" error={kinds.error} onRetry={() => void kinds.refetch()} />
        ) : (
          <ul aria-labelledby="outcome-list-title" className="mt-2">
            {kinds.data.map((kind, position) => (
              <OutcomeKindRow
                key={kind.id}
                kind={kind}
                position={position}
                last={position === kinds.data.length - 1}
                onChanged={setNotice}
              />
            ))}
          </ul>
        )}
      </Card>
    </div>
  )
}
