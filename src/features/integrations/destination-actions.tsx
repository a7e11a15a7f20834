import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Integration } from '@/api/contract/integration-schemas'
import { changeIntegration, integrationQueries, testIntegration } from '@/api/integrations'
import { Button } from '@/components/ui/button'
import { Switch } from '@/components/ui/switch'
import { revealHidden } from '@/lib/hidden-characters'

/** On or off at once; turning one on that the console turned off clears its reason. */
export function DestinationEnabledSwitch({
  integration,
  onDone,
}: {
  integration: Integration
  onDone: (message: string) => void
}) {
  const queryClient = useQueryClient()
  const name = revealHidden(integration.name)
  const mutation = useMutation({
    mutationFn: changeIntegration,
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: integrationQueries.list().queryKey })
      onDone(`${revealHidden(saved.name)}: ${saved.enabled ? 'on' : 'off'}.`)
    },
    onError: (error) => onDone(`Could not turn ${integration.enabled ? 'off' : 'on'} ${name}: ${error.message}`),
  })
  return (
    <Switch
      checked={integration.enabled}
      aria-label={`Enabled: ${name}`}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate({ id: integration.id, body: { enabled: !integration.enabled } })}
    />
  )
}

/** Sends an `integration.test` event now, whether the destination is on or not; its delivery appears in the log. */
export function SendTestEventButton({
  integration,
  onDone,
}: {
  integration: Integration
  onDone: (message: string) => void
}) {
  const queryClient = useQueryClient()
  const name = revealHidden(integration.name)
  const mutation = useMutation({
    mutationFn: testIntegration,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: integrationQueries.deliveries().queryKey })
      onDone(`Test event sent to ${name}: its delivery is in the log below.`)
    },
    onError: (error) => onDone(`Could not send a test event to ${name}: ${error.message}`),
  })
  return (
    <Button
      variant="secondary"
      size="xs"
      aria-label={`Send test event: ${name}`}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate(integration.id)}
    >
      {mutation.isPending ? 'Sending…' : 'Send test event'}
    </Button>
  )
}
