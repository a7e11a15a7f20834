import type { UseQueryResult } from '@tanstack/react-query'
import { useState } from 'react'
import type { Callback } from '@/api/contract/callback-schemas'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { CallbackItem } from './callback-item'

/** A titled list of callbacks that loads and fails on its own. */
export function CallbackSection({
  title,
  description,
  empty,
  emptyHint,
  query,
  hide,
  userId,
  canCall,
  oversees,
}: {
  title: string
  description?: string
  empty: string
  /** What to do next when there is none. */
  emptyHint?: string
  query: UseQueryResult<Callback[]>
  /** Callbacks another section lists already. */
  hide?: ReadonlySet<string>
  userId: string | undefined
  canCall: boolean
  oversees: boolean
}) {
  const headingId = `callbacks-${title.toLowerCase().replaceAll(' ', '-')}`
  const [said, setSaid] = useState('')
  const shown = query.data?.filter((callback) => !hide?.has(callback.id))
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div>
        {/* Focusable by script: where focus goes when the list's last callback leaves it. */}
        <h2 id={headingId} tabIndex={-1} className="text-lg font-semibold">
          {title}
          {shown && shown.length > 0 && <span className="ml-2 tabular-nums">({shown.length})</span>}
        </h2>
        {description && <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p>}
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
          {said}
        </p>
      </div>
      {query.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : query.isError ? (
        <ErrorState
          error={query.error}
          onRetry={() => void query.refetch()}
          title={`Could not load ${title.toLowerCase()}`}
        />
      ) : !shown || shown.length === 0 ? (
        <EmptyState title={empty}>{emptyHint}</EmptyState>
      ) : (
        <ul className="space-y-2">
          {shown.map((callback) => (
            <CallbackItem
              key={callback.id}
              callback={callback}
              userId={userId}
              canCall={canCall}
              oversees={oversees}
              onWorked={setSaid}
            />
          ))}
        </ul>
      )}
    </section>
  )
}
