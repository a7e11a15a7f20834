import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Scorecard } from '@/api/contract/scoring-schemas'
import { archiveScorecard, scoringQueries } from '@/api/scoring'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { questionSummary } from './question-summary'
import { ScorecardForm } from './scorecard-form'

/** The scorecards managers score calls against (issue 53, item 6): admins write, change and archive them. */
export function ScorecardsPage() {
  const queryClient = useQueryClient()
  const cards = useQuery(scoringQueries.scorecards())
  const [editing, setEditing] = useState<Scorecard | 'new' | null>(null)
  const [notice, setNotice] = useState('')
  const archive = useMutation({
    mutationFn: archiveScorecard,
    onSuccess: async (card) => {
      await queryClient.invalidateQueries({ queryKey: scoringQueries.all() })
      setNotice(card.archived ? `“${card.name}” archived.` : `“${card.name}” offered again.`)
    },
  })
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Scorecards</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            The questions managers answer when they score a call from its page. A change makes a new version; scores
            keep the version they were given against.
          </p>
        </div>
        <Button onClick={() => setEditing('new')}>New scorecard</Button>
      </div>
      <p role="status" className="text-sm">
        {notice}
      </p>
      {cards.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : cards.isError ? (
        <ErrorState title="Could not load the scorecards" error={cards.error} onRetry={() => void cards.refetch()} />
      ) : cards.data.scorecards.length === 0 ? (
        <EmptyState title="No scorecard yet">Write one, and managers can score calls against it.</EmptyState>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {cards.data.scorecards.map((card) => (
            <li key={card.id}>
              <Card aria-labelledby={`scorecard-${card.id}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 id={`scorecard-${card.id}`} className="text-lg font-semibold">
                    {card.name}
                  </h2>
                  <span className="text-sm text-slate-600 dark:text-slate-400">
                    Version {card.version} {card.archived && <Badge tone="neutral">Archived</Badge>}
                  </span>
                </div>
                <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
                  {card.questions.map((question) => (
                    <li key={question.id}>
                      {question.text}{' '}
                      <span className="text-slate-600 dark:text-slate-400">({questionSummary(question)})</span>
                    </li>
                  ))}
                </ol>
                <div className="mt-3 flex gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setEditing(card)}
                    aria-label={`Change ${card.name}`}
                  >
                    Change
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={archive.isPending}
                    onClick={() => archive.mutate({ id: card.id, archived: !card.archived })}
                    aria-label={`${card.archived ? 'Restore' : 'Archive'} ${card.name}`}
                  >
                    {card.archived ? 'Restore' : 'Archive'}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {archive.isError && <ErrorState title="Could not change the scorecard" error={archive.error} />}
      {editing && (
        <ScorecardForm
          card={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null)
            setNotice(`“${saved.name}” saved as version ${saved.version}.`)
          }}
        />
      )}
    </div>
  )
}
