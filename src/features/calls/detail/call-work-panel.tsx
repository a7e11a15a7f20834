import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { callWorkQueries } from '@/api/call-work'
import { outcomeKindQueries } from '@/api/outcome-kinds'
import { Card, CardTitle } from '@/components/ui/card'
import { ErrorState } from '@/components/ui/error-state'
import { CallWorkForm } from './call-work-form'
import { CallWorkRead } from './call-work-read'

/**
 * "Outcome and note": what happened on the call, recorded by the person who placed it (and by managers and admins),
 * read by everyone who reads the call. The server says who may change what (`may_edit`); the page only follows it.
 * Its own chunk (call-work-part.ts), so the call page's first JavaScript stays within its budget.
 */
export default function CallWorkPanel({ callId, destination }: { callId: string; destination?: string | null }) {
  const work = useQuery(callWorkQueries.detail(callId))
  const kinds = useQuery(outcomeKindQueries.list())
  const [saved, setSaved] = useState(false)
  const headingId = `call-work-${callId}`
  return (
    <Card aria-labelledby={headingId} className="space-y-3">
      <CardTitle id={headingId}>Outcome and note</CardTitle>
      {work.isPending || kinds.isPending ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading the outcome and note…</p>
      ) : work.isError || kinds.isError ? (
        <ErrorState
          title="Could not load the outcome and note"
          error={work.error ?? kinds.error}
          onRetry={() => {
            if (work.isError) void work.refetch()
            if (kinds.isError) void kinds.refetch()
          }}
        />
      ) : work.data.may_edit.outcome || work.data.may_edit.note ? (
        // One form for the call: when the saved work changes under it (another tab, a manager), it follows, or keeps
        // the person's draft beside the new note (call-work-form.tsx).
        <CallWorkForm
          key={callId}
          callId={callId}
          work={work.data}
          kinds={kinds.data}
          destination={destination ?? null}
          onSaved={setSaved}
        />
      ) : (
        <CallWorkRead work={work.data} />
      )}
      <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
        {saved ? (work.data?.do_not_call?.listed ? 'Saved · On the do-not-call list' : 'Saved') : ''}
      </p>
    </Card>
  )
}
