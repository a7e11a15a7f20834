import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { isApiError } from '@/api/client'
import type { DoNotCallEntry } from '@/api/contract/do-not-call-schemas'
import { doNotCallQueries, removeFromDoNotCall } from '@/api/do-not-call'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { FormError } from '@/components/ui/form-error'
import { Input } from '@/components/ui/input'
import { errorOfField, formLevelError } from '@/lib/field-errors'

/** Taking a number off is confirmed, with why it may be called again (kept in the audit log). */
export function RemoveNumberDialog({
  entry,
  shownAs,
  onClose,
  onRemoved,
}: {
  entry: DoNotCallEntry
  /** The number as the table shows it. */
  shownAs: string
  onClose: () => void
  onRemoved: () => void
}) {
  const queryClient = useQueryClient()
  const [reason, setReason] = useState('')
  const remove = useMutation({
    mutationFn: removeFromDoNotCall,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: doNotCallQueries.all() })
      onRemoved()
    },
  })
  const errors = isApiError(remove.error) ? remove.error.fieldErrors : {}
  const formError = formLevelError(remove.error, errors, ['reason'])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    remove.mutate({ phoneNumber: entry.phone_number, reason })
  }
  return (
    <Dialog
      title={`Remove ${shownAs} from the list?`}
      description="Once removed, anyone may call the number again."
      onClose={onClose}
    >
      <form onSubmit={submit} className="space-y-3" aria-label={`Remove ${shownAs}`}>
        <Field
          label="Why may it be called again?"
          announceError
          error={errorOfField(errors, 'reason')}
          hint="Kept in the audit log."
        >
          {(control) => <Input {...control} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        {formError && <FormError>Could not remove the number: {formError}</FormError>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Keep it listed
          </Button>
          <Button type="submit" variant="danger" disabled={remove.isPending}>
            {remove.isPending ? 'Removing…' : 'Remove number'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
