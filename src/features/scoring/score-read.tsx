import type { Answer, CallScore, Question } from '@/api/contract/scoring-schemas'
import { RevealedText } from '@/components/revealed-text'
import { Timestamp } from '@/components/timestamp'
import { formatScore } from './score-format'

const answerText = (question: Question, answer: Answer | undefined) => {
  if (answer === undefined) return 'Not answered'
  if (question.kind === 'yes_no') return answer.value === true ? 'Yes' : 'No'
  return `${answer.value} of ${question.scale_max ?? 5}`
}

/** One score as everyone who may see it reads it: the weighted score, each answer, the comment, who and when. */
export function ScoreRead({ score }: { score: CallScore }) {
  const answers = new Map(score.answers.map((answer) => [answer.question_id, answer]))
  return (
    <article aria-label={`${score.scorecard.name} by ${score.scorer}`} className="space-y-1 text-sm">
      <p>
        <span className="font-medium">
          <RevealedText text={score.scorecard.name} />
        </span>{' '}
        (version {score.scorecard.version}):{' '}
        <span className="font-semibold tabular-nums">{formatScore(score.score)}</span>
      </p>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5">
        {score.scorecard.questions.map((question) => (
          <div key={question.id} className="contents">
            <dt>
              <RevealedText text={question.text} />
            </dt>
            <dd className="tabular-nums">{answerText(question, answers.get(question.id))}</dd>
          </div>
        ))}
      </dl>
      {score.comment && (
        <p className="whitespace-pre-wrap">
          <RevealedText text={score.comment} />
        </p>
      )}
      <p className="text-slate-600 dark:text-slate-400">
        Scored by <RevealedText text={score.scorer} />, <Timestamp iso={score.updated_at} variant="inline" />
      </p>
    </article>
  )
}
