import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Erasure } from '@/api/contract/erasure-schemas'
import { erasureQueries } from '@/api/erasures'
import { Card, CardTitle } from '@/components/ui/card'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { EraseForm } from './erase-form'
import { erasedCounts } from './erased-kinds'

const when = (iso: string) => new Date(iso).toLocaleString()
const total = (erasure: Erasure) => Object.values(erasure.erased).reduce((sum, n) => sum + (n ?? 0), 0)

/** A person's requests about their number (issue 52): export what the console holds, erase it, and past erasures. */
export function ErasurePage() {
  const past = useQuery(erasureQueries.list())
  const [done, setDone] = useState<Erasure | null>(null)
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Erasure</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Answer a person’s request about their number: export what the console holds about it, or erase it from the
          console. Calls stay under a pseudonym so usage still adds up; the voice service keeps its own records.
        </p>
      </div>
      <Card aria-labelledby="erase-title">
        <CardTitle id="erase-title">A number</CardTitle>
        <div className="mt-3">
          <EraseForm onErased={setDone} />
        </div>
        <div role="status" className="mt-3 text-sm">
          {done && (
            <>
              <p>
                Erased. {total(done) === 0 ? 'The console held nothing more about the number.' : 'What was erased:'}
              </p>
              <ul className="mt-1 list-disc pl-5">
                {erasedCounts(done.erased).map(({ kind, label, count }) => (
                  <li key={kind}>
                    {label}: {count}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </Card>
      <Card aria-labelledby="past-title">
        <CardTitle id="past-title">Past erasures</CardTitle>
        {past.isPending ? (
          <Skeleton className="mt-3 h-8 w-full" />
        ) : past.isError ? (
          <ErrorState title="Could not load the erasures" error={past.error} onRetry={() => void past.refetch()} />
        ) : past.data.erasures.length === 0 ? (
          <p className="mt-2 text-sm">No number has been erased.</p>
        ) : (
          <ul aria-labelledby="past-title" className="mt-2 space-y-1 text-sm">
            {past.data.erasures.map((erasure) => (
              <li key={erasure.id}>
                {when(erasure.at)}, by {erasure.by}: {erasure.reason} ({total(erasure)} rows)
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  )
}
