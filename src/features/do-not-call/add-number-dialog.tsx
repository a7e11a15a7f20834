import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { isApiError } from '@/api/client'
import { addToDoNotCall, doNotCallQueries } from '@/api/do-not-call'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { FormError } from '@/components/ui/form-error'
import { Input } from '@/components/ui/input'
import { errorOfField, formLevelError } from '@/lib/field-errors'

const FIELDS = ['phone_number', 'reason'] as const

/** An admin lists one number and says why; `onAdded` gets the number as the console stored it (E.164). */
export function AddNumberDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void
  onAdded: (added: { phoneNumber: string; already: boolean }) => void
}) {
  const queryClient = useQueryClient()
  const [phoneNumber, setPhoneNumber] = useState('')
  const [reason, setReason] = useState('')
  const add = useMutation({
    mutationFn: addToDoNotCall,
    onSuccess: async ({ entry, added }) => {
      await queryClient.invalidateQueries({ queryKey: doNotCallQueries.all() })
      onAdded({ phoneNumber: entry.phone_number, already: added === false })
    },
  })
  // The console names the field of each problem it found: shown on its control, the rest under the form.
  const errors = isApiError(add.error) ? add.error.fieldErrors : {}
  const formError = formLevelError(add.error, errors, FIELDS)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    // The server reads the number and checks the reason, and says what is wrong in words (problem+json).
    add.mutate({ phone_number: phoneNumber, reason })
  }
  return (
    <Dialog
      title="Add a number"
      description="The console refuses every call to it, whoever places it, and shows the reason."
      onClose={onClose}
    >
      <form onSubmit={submit} className="space-y-3" aria-label="Add a number">
        <Field
          label="Phone number"
          error={errorOfField(errors, 'phone_number')}
          hint="With its country code, e.g. +1 415 555 0100."
        >
          {(control) => (
            <Input
              {...control}
              type="tel"
              autoComplete="off"
              value={phoneNumber}
              onChange={(e) => setPhoneNumber(e.target.value)}
            />
          )}
        </Field>
        <Field
          label="Reason"
          announceError
          error={errorOfField(errors, 'reason')}
          hint="Shown to whoever tries to call the number."
        >
          {(control) => <Input {...control} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        {formError && <FormError>Could not add the number: {formError}</FormError>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add number'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
