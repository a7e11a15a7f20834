import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { isApiError } from '@/api/client'
import { type Answer, type CallScore, MAX_COMMENT_LENGTH, type Question } from '@/api/contract/scoring-schemas'
import { saveCallScore, scoringQueries } from '@/api/scoring'
import { RevealedText } from '@/components/revealed-text'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FormError } from '@/components/ui/form-error'
import { controlClass } from '@/components/ui/input'
import { cn } from '@/lib/cn'
import { errorOfField, formLevelError } from '@/lib/field-errors'

type Value = number | boolean

/** Choices for one question: 1..top for a scale, yes and no otherwise. */
const choicesOf = (question: Question): { value: Value; label: string }[] =>
  question.kind === 'yes_no'
    ? [
        { value: true, label: 'Yes' },
        { value: false, label: 'No' },
      ]
    : Array.from({ length: question.scale_max ?? 5 }, (_, index) => ({ value: index + 1, label: String(index + 1) }))

/**
 * The scorer's answers to one scorecard's questions and a comment; `own` is their score already given (its version's
 * questions, its answers). The weighted score is the console's: shown once saved.
 */
export function ScoreForm({
  callId,
  scorecardId,
  questions,
  own,
  onSaved,
}: {
  callId: string
  scorecardId: string
  questions: readonly Question[]
  own: CallScore | undefined
  onSaved: (saved: CallScore | undefined) => void
}) {
  const queryClient = useQueryClient()
  const formId = useId()
  const [values, setValues] = useState<Record<string, Value>>(() =>
    Object.fromEntries((own?.answers ?? []).map((answer) => [answer.question_id, answer.value])),
  )
  const [comment, setComment] = useState(own?.comment ?? '')
  const save = useMutation({
    mutationFn: saveCallScore,
    onSuccess: (scores) => {
      queryClient.setQueryData(scoringQueries.call(callId).queryKey, scores)
      onSaved(scores.scores.find((score) => score.mine && score.scorecard_id === scorecardId))
    },
  })
  const errors = isApiError(save.error) ? save.error.fieldErrors : {}
  const formError = formLevelError(save.error, errors, ['answers', 'comment'])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const answers: Answer[] = questions.flatMap((question) =>
      values[question.id] === undefined ? [] : [{ question_id: question.id, value: values[question.id] as Value }],
    )
    save.mutate({ callId, scorecardId, answers, comment })
  }
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Score this call">
      {questions.map((question, index) => {
        const legendId = `${formId}-q${index}`
        const error = errorOfField(errors, `answers.${question.id}`)
        return (
          <fieldset key={question.id} aria-labelledby={legendId} className="space-y-1">
            <legend id={legendId} className="text-sm font-medium">
              <RevealedText text={question.text} />
              {question.kind === 'scale' && (
                <span className="font-normal text-slate-600 dark:text-slate-400">
                  {' '}
                  (1 the worst, {question.scale_max ?? 5} the best)
                </span>
              )}
            </legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {choicesOf(question).map((choice) => (
                <label key={String(choice.value)} className="flex items-center gap-1.5 text-sm">
                  <input
                    type="radio"
                    name={`${formId}-${question.id}`}
                    checked={values[question.id] === choice.value}
                    onChange={() => setValues((all) => ({ ...all, [question.id]: choice.value }))}
                  />
                  {choice.label}
                </label>
              ))}
            </div>
            {error && <FormError>{error}</FormError>}
          </fieldset>
        )
      })}
      <Field
        label="Comment"
        error={errorOfField(errors, 'comment')}
        hint={`${comment.length.toLocaleString('en')} / ${MAX_COMMENT_LENGTH.toLocaleString('en')} characters; the call's placer reads it.`}
      >
        {(control) => (
          <textarea
            {...control}
            value={comment}
            maxLength={MAX_COMMENT_LENGTH}
            rows={3}
            onChange={(event) => setComment(event.target.value)}
            className={cn(controlClass, 'w-full py-1 text-sm')}
          />
        )}
      </Field>
      {formError && <FormError>Could not save the score: {formError}</FormError>}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : own ? 'Save my changes' : 'Save score'}
      </Button>
    </form>
  )
}
