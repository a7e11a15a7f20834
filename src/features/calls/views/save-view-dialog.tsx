import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { DatePreset } from '@/api/contract/call-index-schemas'
import { savedViewInput } from '@/api/contract/saved-view-schemas'
import { type Submission, submissionFor } from '@/api/idempotent-submit'
import { savedViewQueries, saveView } from '@/api/saved-views'
import { Button } from '@/components/ui/button'
import { Dialog, DialogActions } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { FormError } from '@/components/ui/form-error'
import { Input } from '@/components/ui/input'
import { PRESET_LABELS } from '../shared/date-presets'

const checkboxRow = 'mt-3 flex items-start gap-2 text-sm'

/**
 * Names the list's current filters as a view, kept by the console for this person (or the whole team).
 * Dates a preset chose are kept as that preset by default ("Last 7 days" moves with the day); the person
 * may keep the days instead. `search`: the filters as they are; `relative`: the preset and the filters
 * without its dates; `fixedDates`: the days in words, for the choice.
 */
export default function SaveViewDialog({
  search,
  relative,
  fixedDates,
  onClose,
}: {
  search: string
  relative: { preset: DatePreset; search: string } | null
  fixedDates: string | null
  onClose: (saved?: string) => void
}) {
  const queryClient = useQueryClient()
  const [name, setName] = useState('')
  const [keepRelative, setKeepRelative] = useState(true)
  const asRelative = relative !== null && keepRelative
  const [shared, setShared] = useState(false)
  const [pinned, setPinned] = useState(true)
  const [nameError, setNameError] = useState<string | null>(null)
  // One key per save: sent again unchanged (after an error, say), the console keeps the one view.
  const submission = useRef<Submission | null>(null)
  const mutation = useMutation({
    mutationFn: saveView,
    onSuccess: async (view) => {
      await queryClient.invalidateQueries({ queryKey: savedViewQueries.all() })
      onClose(view.name)
    },
  })
  return (
    <Dialog
      title="Save this view"
      description="The filters as they are now, under a name. Open it again from Saved views."
      onClose={() => onClose()}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          const checked = savedViewInput.shape.name.safeParse(name)
          setNameError(checked.success ? null : (checked.error.issues[0]?.message ?? null))
          if (!checked.success) return
          const body = {
            name: checked.data,
            search: asRelative ? relative.search : search,
            datePreset: asRelative ? relative.preset : null,
            shared,
            pinned,
          }
          submission.current = submissionFor(submission.current, body)
          mutation.mutate({ body, idempotencyKey: submission.current.key })
        }}
      >
        <Field label="Name" hint="For example: Failed today, my team" error={nameError}>
          {(control) => (
            <Input {...control} value={name} maxLength={80} autoFocus onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        {relative ? (
          <fieldset className="mt-3 text-sm">
            <legend className="font-medium">Dates</legend>
            <label className={checkboxRow}>
              <input
                type="radio"
                name="view-dates"
                className="mt-0.5"
                checked={keepRelative}
                onChange={() => setKeepRelative(true)}
              />
              <span>{PRESET_LABELS[relative.preset]}, whenever the view is opened</span>
            </label>
            <label className={checkboxRow}>
              <input
                type="radio"
                name="view-dates"
                className="mt-0.5"
                checked={!keepRelative}
                onChange={() => setKeepRelative(false)}
              />
              <span>These days only: {fixedDates}</span>
            </label>
          </fieldset>
        ) : (
          fixedDates && <p className="mt-3 text-sm">Dates: {fixedDates}, kept as they are.</p>
        )}
        <label className={checkboxRow}>
          <input type="checkbox" className="mt-0.5" checked={pinned} onChange={(e) => setPinned(e.target.checked)} />
          <span>Pin to Saved views</span>
        </label>
        <label className={checkboxRow}>
          <input type="checkbox" className="mt-0.5" checked={shared} onChange={(e) => setShared(e.target.checked)} />
          <span>
            Share with the team
            <span className="block text-slate-600 dark:text-slate-400">
              Everyone who reads calls sees it; only you can change it.
            </span>
          </span>
        </label>
        {mutation.isError && <FormError className="mt-3">{mutation.error.message}</FormError>}
        <DialogActions>
          <Button variant="secondary" onClick={() => onClose()}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving…' : 'Save view'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
