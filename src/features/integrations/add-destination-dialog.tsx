import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { isApiError } from '@/api/client'
import { INTEGRATION_EVENTS, type IntegrationEvent, integrationInput } from '@/api/contract/integration-schemas'
import { createIntegration, integrationQueries } from '@/api/integrations'
import { Button } from '@/components/ui/button'
import { Dialog, DialogActions } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { FormError } from '@/components/ui/form-error'
import { Input } from '@/components/ui/input'
import { errorOfField, errorsOfIssues, formLevelError } from '@/lib/field-errors'
import { EventChoices } from './event-choices'

/** A new destination, on from the start, with every event chosen until unticked; its secret goes to `onAdded`. */
export function AddDestinationDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void
  onAdded: (added: { name: string; secret: string }) => void
}) {
  const queryClient = useQueryClient()
  const [name, setName] = useState('')
  const [url, setUrl] = useState('')
  const [events, setEvents] = useState<IntegrationEvent[]>([...INTEGRATION_EVENTS])
  const [checked, setChecked] = useState<Record<string, string>>({})
  const mutation = useMutation({
    mutationFn: createIntegration,
    onSuccess: async ({ integration, secret }) => {
      await queryClient.invalidateQueries({ queryKey: integrationQueries.list().queryKey })
      onAdded({ name: integration.name, secret })
    },
  })
  const serverErrors = isApiError(mutation.error) ? mutation.error.fieldErrors : {}
  const errors = { ...serverErrors, ...checked }
  const formError = formLevelError(mutation.error, serverErrors, ['name', 'url', 'events'])
  const edited = () => {
    setChecked({})
    mutation.reset()
  }

  return (
    <Dialog
      title="Add an integration"
      description="The console POSTs each chosen event as JSON, signed as Standard Webhooks 1.0, and retries until it is taken."
      onClose={onClose}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault()
          const parsed = integrationInput.safeParse({ name, url: url.trim(), events, enabled: true })
          setChecked(parsed.success ? {} : errorsOfIssues(parsed.error.issues))
          if (parsed.success) mutation.mutate(parsed.data)
        }}
      >
        <Field label="Name" hint="For example: CRM, Ticket desk" error={errorOfField(errors, 'name')}>
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={80}
              autoFocus
              onChange={(event) => {
                setName(event.target.value)
                edited()
              }}
            />
          )}
        </Field>
        <Field
          label="URL"
          hint="http or https. The console does not follow redirects."
          error={errorOfField(errors, 'url')}
        >
          {(control) => (
            <Input
              {...control}
              type="url"
              inputMode="url"
              placeholder="https://example.com/hooks/calls"
              value={url}
              onChange={(event) => {
                setUrl(event.target.value)
                edited()
              }}
            />
          )}
        </Field>
        <EventChoices
          chosen={events}
          error={errorOfField(errors, 'events')}
          onChange={(next) => {
            setEvents(next)
            edited()
          }}
        />
        {formError && <FormError>{formError}</FormError>}
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Adding…' : 'Add integration'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
