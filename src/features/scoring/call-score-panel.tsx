import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { CallScore } from '@/api/contract/scoring-schemas'
import { scoringQueries } from '@/api/scoring'
import { Card, CardTitle } from '@/components/ui/card'
import { ErrorState } from '@/components/ui/error-state'
import { Field } from '@/components/ui/field'
import { Select } from '@/components/ui/select'
import { ScoreForm } from './score-form'
import { formatScore } from './score-format'
import { ScoreRead } from './score-read'

/**
 * A call's scores under its recording (issue 53, item 6), so a manager scores while listening: those who score choose
 * a scorecard and answer it (their own score changed the same way); the call's placer reads the scores; anyone else
 * is shown nothing (the console sends them none).
 */
export function CallScorePanel({ callId }: { callId: string }) {
  const scores = useQuery(scoringQueries.call(callId))
  const mayScore = scores.data?.may_score === true
  const cards = useQuery({ ...scoringQueries.scorecards(), enabled: mayScore })
  const [chosen, setChosen] = useState('')
  const [notice, setNotice] = useState('')
  if (scores.isPending) return null
  if (scores.isError)
    return (
      <ErrorState title="Could not load the call's scores" error={scores.error} onRetry={() => void scores.refetch()} />
    )
  const { scores: given } = scores.data
  if (given.length === 0 && !mayScore) return null

  const mine = (scorecardId: string): CallScore | undefined =>
    given.find((score) => score.mine && score.scorecard_id === scorecardId)
  const offered = (cards.data?.scorecards ?? []).filter((card) => !card.archived || mine(card.id))
  const card = offered.find((candidate) => candidate.id === chosen)
  const own = card && mine(card.id)
  return (
    <Card aria-labelledby="call-scores-title">
      <CardTitle id="call-scores-title">{mayScore ? 'Score this call' : 'Scores'}</CardTitle>
      {given.length > 0 && (
        <ul className="mt-3 space-y-3 divide-y divide-slate-200 dark:divide-slate-800">
          {given.map((score) => (
            <li key={`${score.scorecard_id}-${score.scorer}`} className="pt-3 first:pt-0">
              <ScoreRead score={score} />
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="mt-2 text-sm">
        {notice}
      </p>
      {mayScore && (
        <div className="mt-3 space-y-3">
          {cards.isError ? (
            <ErrorState
              title="Could not load the scorecards"
              error={cards.error}
              onRetry={() => void cards.refetch()}
            />
          ) : cards.data && offered.length === 0 ? (
            <p className="text-sm">No scorecard yet: an admin writes them on the Scorecards page.</p>
          ) : (
            <Field label="Scorecard" hint={own ? 'You scored this call against it: your score is changed.' : undefined}>
              {(control) => (
                <Select {...control} value={chosen} onChange={(event) => setChosen(event.target.value)}>
                  <option value="">Choose a scorecard</option>
                  {offered.map((candidate) => (
                    <option key={candidate.id} value={candidate.id}>
                      {candidate.name}
                      {mine(candidate.id) ? ' (scored by you)' : ''}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
          {card && (
            <ScoreForm
              key={`${card.id}-${own?.updated_at ?? 'new'}`}
              callId={callId}
              scorecardId={card.id}
              questions={own ? own.scorecard.questions : card.questions}
              own={own}
              onSaved={(saved) =>
                setNotice(
                  saved ? `Score saved: ${formatScore(saved.score)} on ${saved.scorecard.name}.` : 'Score saved.',
                )
              }
            />
          )}
        </div>
      )}
    </Card>
  )
}
