import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { callWorkQueries, saveNote, saveOutcome } from '@/api/call-work'
import { isApiError } from '@/api/client'
import { type CallWork, DO_NOT_CALL_OUTCOME, MAX_NOTE_LENGTH } from '@/api/contract/call-work-schemas'
import type { OutcomeKind } from '@/api/contract/outcome-kind-schemas'
import { DoNotCallConfirm } from '@/components/do-not-call-confirm'
import { RevealedText } from '@/components/revealed-text'
import { Timestamp } from '@/components/timestamp'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FormError } from '@/components/ui/form-error'
import { controlClass } from '@/components/ui/input'
import { cn } from '@/lib/cn'
import { errorText } from '@/lib/error-text'
import { revealHidden } from '@/lib/hidden-characters'
import { CallWorkRead } from './call-work-read'

/** The outcome as radio buttons and the note as a textarea, saved together; a part the person may not change is read. */
export function CallWorkForm({
  callId,
  work,
  kinds,
  destination,
  onSaved,
}: {
  callId: string
  work: CallWork
  kinds: OutcomeKind[]
  /** The number called, for the do-not-call confirmation; null when the call does not say. */
  destination: string | null
  /** Told true once saved, false when a save starts: the panel's status outlives this form, which a save renews. */
  onSaved: (saved: boolean) => void
}) {
  const queryClient = useQueryClient()
  const [outcome, setOutcome] = useState(work.outcome?.id ?? '')
  const [note, setNote] = useState(work.note?.text ?? '')
  const legendId = useId()
  // An archived outcome stays shown on the call that has it; it is no longer offered to others.
  const offered = kinds.filter((kind) => !kind.archived || kind.id === work.outcome?.id)
  const outcomeChanged = work.may_edit.outcome && outcome !== '' && outcome !== (work.outcome?.id ?? '')
  const noteChanged = work.may_edit.note && note !== (work.note?.text ?? '')
  // Unticked until the agent confirms the callee asked: the list is never added to by default.
  const [addToDoNotCall, setAddToDoNotCall] = useState(false)
  const listing = work.may_edit.outcome && outcome === DO_NOT_CALL_OUTCOME && addToDoNotCall

  const save = useMutation({
    mutationFn: async () => {
      onSaved(false)
      let saved = work
      if (outcomeChanged || listing) saved = await saveOutcome({ callId, outcome, addToDoNotCall: listing })
      if (noteChanged) saved = await saveNote({ callId, note })
      return saved
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(callWorkQueries.detail(callId).queryKey, saved)
      onSaved(true)
    },
  })
  const fieldErrors = isApiError(save.error) ? save.error.fieldErrors : {}
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (outcomeChanged || noteChanged || listing) save.mutate()
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Outcome and note">
      {work.may_edit.outcome ? (
        <fieldset aria-labelledby={legendId} className="space-y-1">
          <legend id={legendId} className="text-sm font-medium">
            Outcome
          </legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {offered.map((kind) => (
              <label key={kind.id} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`outcome-${callId}`}
                  value={kind.id}
                  checked={outcome === kind.id}
                  onChange={() => setOutcome(kind.id)}
                />
                <RevealedText text={kind.label} />
              </label>
            ))}
          </div>
          {work.outcome && (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Recorded by <RevealedText text={work.outcome.recorded_by} />,{' '}
              <Timestamp iso={work.outcome.recorded_at} variant="inline" />
            </p>
          )}
          {outcome === DO_NOT_CALL_OUTCOME && (
            <DoNotCallConfirm
              number={work.do_not_call?.phone_number ?? destination}
              listed={work.do_not_call?.listed ?? false}
              saved={work.outcome?.id === DO_NOT_CALL_OUTCOME}
              checked={addToDoNotCall}
              onChange={setAddToDoNotCall}
            />
          )}
          {fieldErrors.outcome && <FormError>{fieldErrors.outcome}</FormError>}
          {fieldErrors.add_to_do_not_call && <FormError>{fieldErrors.add_to_do_not_call}</FormError>}
        </fieldset>
      ) : (
        <CallWorkRead work={work} only="outcome" />
      )}
      {work.may_edit.note ? (
        <Field
          label="Note"
          error={fieldErrors.note}
          hint={
            <>
              {note.length.toLocaleString('en')} / {MAX_NOTE_LENGTH.toLocaleString('en')} characters
              {work.note && (
                <>
                  {' · '}by <RevealedText text={work.note.author} />; its author can change it until{' '}
                  <Timestamp iso={work.note.editable_until} variant="inline" />
                </>
              )}
            </>
          }
        >
          {(control) => (
            <textarea
              {...control}
              value={note}
              maxLength={MAX_NOTE_LENGTH}
              rows={4}
              onChange={(event) => setNote(event.target.value)}
              className={cn(controlClass, 'w-full py-1 text-sm')}
            />
          )}
        </Field>
      ) : (
        <CallWorkRead work={work} only="note" />
      )}
      {/* A textarea draws bidi and invisible characters as they act: the note as others read it names them. */}
      {work.may_edit.note && revealHidden(note) !== note && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          This note holds hidden characters; read with them shown:{' '}
          <RevealedText className="whitespace-pre-wrap break-words text-slate-950 dark:text-slate-50" text={note} />
        </p>
      )}
      <Button type="submit" size="sm" disabled={save.isPending || !(outcomeChanged || noteChanged || listing)}>
        {save.isPending ? 'Saving…' : 'Save'}
      </Button>
      {save.isError && <FormError>Not saved: {errorText(save.error)}</FormError>}
    </form>
  )
}
