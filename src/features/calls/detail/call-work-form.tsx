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
  // When the saved work changes under the form (another tab, a manager, this form's save), a part the person has
  // not changed follows it; a note they are writing stays, and says the note moved on since it was started.
  const [seen, setSeen] = useState(work)
  const [noteBase, setNoteBase] = useState(work.note)
  if (work !== seen) {
    setSeen(work)
    if (outcome === (seen.outcome?.id ?? '')) setOutcome(work.outcome?.id ?? '')
    if (note === (noteBase?.text ?? '') || note === (work.note?.text ?? '')) {
      setNote(work.note?.text ?? '')
      setNoteBase(work.note)
    }
  }
  const noteMovedOn = work.may_edit.note && (work.note?.version ?? null) !== (noteBase?.version ?? null)
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
      // Over the newest note this page knows: when it is newer than the draft's, the form has said so.
      if (noteChanged) saved = await saveNote({ callId, note, baseVersion: work.note?.version ?? null })
      return saved
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(callWorkQueries.detail(callId).queryKey, saved)
      onSaved(true)
    },
    // Someone saved the note meanwhile (409): their note is read, and shown beside the draft, which stays.
    onError: (error) => {
      if (isApiError(error) && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: callWorkQueries.detail(callId).queryKey })
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
      {noteMovedOn && (
        <div
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950"
        >
          {work.note ? (
            <>
              <p>
                The note was saved by someone else at <Timestamp iso={work.note.updated_at} variant="inline" />, after
                you started yours. Theirs reads:
              </p>
              <RevealedText className="mt-1 block whitespace-pre-wrap break-words" text={work.note.text} />
              <p className="mt-1">Save to put yours in its place, or take theirs.</p>
            </>
          ) : (
            <p>The note you started from was removed meanwhile. Save to keep yours, or take the empty note.</p>
          )}
          <Button
            type="button"
            size="xs"
            variant="secondary"
            className="mt-2"
            onClick={() => {
              setNote(work.note?.text ?? '')
              setNoteBase(work.note)
              save.reset()
            }}
          >
            Take theirs
          </Button>
        </div>
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
