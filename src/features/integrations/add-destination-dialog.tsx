import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { INTEGRATION_EVENTS, type IntegrationEvent, integrationInput } from '@/api/contract/integration-schemas'
import { createIntegration, integrationQueries } from '@/api/integrations'
import { NewDestinationDialog, WebhookUrlField } from '@/components/new-destination-dialog'
import { errorOfField } from '@/lib/field-errors'
import { EventChoices } from './event-choices'

const WORDS = {
  title: 'Add an integration',
  description:
    'The console POSTs each chosen event as JSON, signed as Standard Webhooks 1.0, and retries until it is taken.',
  nameHint: 'For example: CRM, Ticket desk',
  submit: 'Add integration',
}

/** A new destination, on from the start, with every event chosen until unticked; its secret goes to `onAdded`. */
export function AddDestinationDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void
  onAdded: (added: { name: string; secret: string }) => void
}) {
  const queryClient = useQueryClient()
  const [url, setUrl] = useState('')
  const [events, setEvents] = useState<IntegrationEvent[]>([...INTEGRATION_EVENTS])
  const mutation = useMutation({
    mutationFn: createIntegration,
    onSuccess: async ({ integration, secret }) => {
      await queryClient.invalidateQueries({ queryKey: integrationQueries.list().queryKey })
      onAdded({ name: integration.name, secret })
    },
  })

  return (
    <NewDestinationDialog
      words={WORDS}
      fields={['name', 'url', 'events']}
      parse={(name) => integrationInput.safeParse({ name, url: url.trim(), events, enabled: true })}
      adding={mutation}
      onClose={onClose}
    >
      {({ errors, edited }) => (
        <>
          <WebhookUrlField
            value={url}
            placeholder="https://example.com/hooks/calls"
            error={errorOfField(errors, 'url')}
            onChange={(next) => {
              setUrl(next)
              edited()
            }}
          />
          <EventChoices
            chosen={events}
            error={errorOfField(errors, 'events')}
            onChange={(next) => {
              setEvents(next)
              edited()
            }}
          />
        </>
      )}
    </NewDestinationDialog>
  )
}
