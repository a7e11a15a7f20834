import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { saveNote } from '@/api/call-work'
import { DO_NOT_CALL_OUTCOME } from '@/api/contract/call-work-schemas'
import type { OutcomeKind } from '@/api/contract/outcome-kind-schemas'
import { DoNotCallConfirm } from '@/components/do-not-call-confirm'
import { RevealedText } from '@/components/revealed-text'
import { Button } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-error'
import { errorText } from '@/lib/error-text'

/**
 * After the call: its outcome (a click, or its digit on the keyboard) and a note. The choice is saved at once;
 * `chosen` is the outcome saved, `saving` the one on its way. "Do not call again" saved offers, unticked as on the
 * call's page, to put the number on the do-not-call list: ticked, the outcome is saved again with it (`onList`).
 */
export function OutcomeForm({
  callId,
  kinds,
  chosen,
  saving,
  error,
  onChoose,
  number,
  listed,
  onList,
}: {
  callId: string
  kinds: OutcomeKind[]
  chosen: string | null
  saving: string | null
  error: unknown
  onChoose: (kind: OutcomeKind) => void
  /** The number called, and whether the console says it is on the do-not-call list now. */
  number: string
  listed: boolean
  onList: () => void
}) {
  const [note, setNote] = useState('')
  const [listing, setListing] = useState(false)
  const noteSave = useMutation({ mutationFn: saveNote })
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="text-sm font-medium">Outcome</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {kinds.map((kind, i) => (
            <label
              key={kind.id}
              className="flex items-center gap-2 rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-700"
            >
              <input
                type="radio"
                name="outcome"
                value={kind.id}
                checked={(saving ?? chosen) === kind.id}
                aria-keyshortcuts={i < 9 ? String(i + 1) : undefined}
                onChange={() => onChoose(kind)}
              />
              <RevealedText text={kind.label} />
              {i < 9 && <kbd className="text-xs text-slate-500">{i + 1}</kbd>}
            </label>
          ))}
        </div>
      </fieldset>
      {(saving ?? chosen) === DO_NOT_CALL_OUTCOME && (
        <DoNotCallConfirm
          number={number}
          listed={listed}
          saved={chosen === DO_NOT_CALL_OUTCOME}
          checked={listing}
          onChange={(checked) => {
            setListing(checked)
            if (checked) onList()
          }}
        />
      )}
      {error ? <FormError>{errorText(error)}</FormError> : null}
      {chosen && (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
          Outcome saved: <RevealedText text={kinds.find((k) => k.id === chosen)?.label ?? chosen} />.
        </p>
      )}
      <form
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault()
          // A call just placed has no note until this form saves one: each save is over the one before it.
          noteSave.mutate({ callId, note, baseVersion: noteSave.data?.note?.version ?? null })
        }}
      >
        <label className="block text-sm font-medium" htmlFor="call-list-note">
          Note
        </label>
        <textarea
          id="call-list-note"
          rows={3}
          maxLength={4000}
          className="w-full rounded-md border border-slate-300 bg-white p-2 text-sm dark:border-slate-700 dark:bg-slate-900"
          value={note}
          onChange={(e) => {
            setNote(e.target.value)
            noteSave.reset()
          }}
        />
        <div className="flex items-center gap-3">
          <Button type="submit" size="sm" variant="secondary" disabled={noteSave.isPending || note.trim() === ''}>
            Save note
          </Button>
          {noteSave.isSuccess && (
            <span role="status" className="text-sm">
              Note saved.
            </span>
          )}
          {noteSave.isError && <FormError>{errorText(noteSave.error)}</FormError>}
        </div>
      </form>
    </div>
  )
}
