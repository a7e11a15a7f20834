import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { isApiError } from '@/api/client'
import type { QuestionInput, Scorecard } from '@/api/contract/scoring-schemas'
import { changeScorecard, createScorecard, scoringQueries } from '@/api/scoring'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { FormError } from '@/components/ui/form-error'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { errorOfField, formLevelError } from '@/lib/field-errors'

/** A question as the form edits it: numbers as typed, checked by the console when saved. */
interface DraftQuestion {
  key: number
  kind: 'scale' | 'yes_no'
  text: string
  scaleMax: string
  weight: string
}

let keys = 0
const blank = (): DraftQuestion => ({ key: keys++, kind: 'scale', text: '', scaleMax: '5', weight: '1' })
const draftOf = (card: Scorecard): DraftQuestion[] =>
  card.questions.map((question) => ({
    key: keys++,
    kind: question.kind,
    text: question.text,
    scaleMax: String(question.scale_max ?? 5),
    weight: String(question.weight),
  }))
const inputOf = (question: DraftQuestion): QuestionInput =>
  question.kind === 'scale'
    ? { kind: 'scale', text: question.text, scale_max: Number(question.scaleMax), weight: Number(question.weight) }
    : { kind: 'yes_no', text: question.text, weight: Number(question.weight) }

/** An admin writes a new scorecard, or the next version of one (`card`): its name and its questions, in order. */
export function ScorecardForm({
  card,
  onClose,
  onSaved,
}: {
  card?: Scorecard
  onClose: () => void
  onSaved: (saved: Scorecard) => void
}) {
  const queryClient = useQueryClient()
  const [name, setName] = useState(card?.name ?? '')
  const [questions, setQuestions] = useState<DraftQuestion[]>(() => (card ? draftOf(card) : [blank()]))
  const save = useMutation({
    mutationFn: (input: Parameters<typeof createScorecard>[0]) =>
      card ? changeScorecard({ id: card.id, input }) : createScorecard(input),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: scoringQueries.all() })
      onSaved(saved)
    },
  })
  const errors = isApiError(save.error) ? save.error.fieldErrors : {}
  const formError = formLevelError(save.error, errors, ['name', 'questions'])
  const change = (key: number, patch: Partial<DraftQuestion>) =>
    setQuestions((all) => all.map((question) => (question.key === key ? { ...question, ...patch } : question)))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate({ name, questions: questions.map(inputOf) })
  }
  return (
    <Dialog
      title={card ? `Change “${card.name}”` : 'New scorecard'}
      description={
        card
          ? 'Saving makes a new version: scores given before keep the questions they were given against.'
          : 'Questions on a scale (1 the worst) or yes or no; each weighs in the score as its weight says.'
      }
      width="3xl"
      onClose={onClose}
    >
      <form onSubmit={submit} className="space-y-4" aria-label={card ? 'Change the scorecard' : 'New scorecard'}>
        <Field label="Name" error={errorOfField(errors, 'name')}>
          {(control) => <Input {...control} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <ol className="space-y-3">
          {questions.map((question, index) => {
            const field = `questions.${index}`
            return (
              <li key={question.key}>
                <fieldset className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_9rem_6rem_6rem] dark:border-slate-700">
                  <legend className="px-1 text-sm font-medium">Question {index + 1}</legend>
                  <Field label="Question" error={errorOfField(errors, `${field}.text`)}>
                    {(control) => (
                      <Input
                        {...control}
                        value={question.text}
                        onChange={(e) => change(question.key, { text: e.target.value })}
                      />
                    )}
                  </Field>
                  <Field label="Answered as">
                    {(control) => (
                      <Select
                        {...control}
                        value={question.kind}
                        onChange={(e) => change(question.key, { kind: e.target.value as DraftQuestion['kind'] })}
                      >
                        <option value="scale">A scale from 1</option>
                        <option value="yes_no">Yes or no</option>
                      </Select>
                    )}
                  </Field>
                  {question.kind === 'scale' ? (
                    <Field label="Scale up to" error={errorOfField(errors, `${field}.scale_max`)}>
                      {(control) => (
                        <Input
                          {...control}
                          type="number"
                          min={2}
                          max={10}
                          value={question.scaleMax}
                          onChange={(e) => change(question.key, { scaleMax: e.target.value })}
                        />
                      )}
                    </Field>
                  ) : (
                    <div aria-hidden="true" />
                  )}
                  <Field label="Weight" error={errorOfField(errors, `${field}.weight`)}>
                    {(control) => (
                      <Input
                        {...control}
                        type="number"
                        min={1}
                        max={100}
                        value={question.weight}
                        onChange={(e) => change(question.key, { weight: e.target.value })}
                      />
                    )}
                  </Field>
                  {questions.length > 1 && (
                    <div className="sm:col-span-4">
                      <Button
                        type="button"
                        variant="secondary"
                        size="sm"
                        onClick={() => setQuestions((all) => all.filter((other) => other.key !== question.key))}
                      >
                        Remove question {index + 1}
                      </Button>
                    </div>
                  )}
                </fieldset>
              </li>
            )
          })}
        </ol>
        <Button type="button" variant="secondary" onClick={() => setQuestions((all) => [...all, blank()])}>
          Add a question
        </Button>
        {formError && <FormError>Could not save the scorecard: {formError}</FormError>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save scorecard'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
