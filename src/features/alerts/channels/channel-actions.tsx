import { useMutation, useQueryClient } from '@tanstack/react-query'
import { alertQueries, changeChannel, channelInputOf, testChannel } from '@/api/alerts'
import type { AlertChannel } from '@/api/contract/alert-schemas'
import { Button } from '@/components/ui/button'
import { Switch } from '@/components/ui/switch'
import { revealHidden } from '@/lib/hidden-characters'

/** On or off at once; turning one on that the console turned off clears its reason. */
export function ChannelEnabledSwitch({
  channel,
  onDone,
}: {
  channel: AlertChannel
  onDone: (message: string) => void
}) {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: changeChannel,
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: alertQueries.channels().queryKey })
      onDone(`${revealHidden(saved.name)}: ${saved.enabled ? 'on' : 'off'}.`)
    },
    onError: (error) =>
      onDone(`Could not turn ${channel.enabled ? 'off' : 'on'} ${revealHidden(channel.name)}: ${error.message}`),
  })
  return (
    <Switch
      checked={channel.enabled}
      aria-label={`Enabled: ${revealHidden(channel.name)}`}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate({ id: channel.id, body: channelInputOf(channel, !channel.enabled) })}
    />
  )
}

/** Sends a test event through the channel now; its delivery appears in the log. */
export function SendTestButton({ channel, onDone }: { channel: AlertChannel; onDone: (message: string) => void }) {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: testChannel,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: alertQueries.deliveryLogs() })
      onDone(`Test sent through ${revealHidden(channel.name)}: its delivery is in the log below.`)
    },
    onError: (error) => onDone(`Could not send a test through ${revealHidden(channel.name)}: ${error.message}`),
  })
  return (
    <Button
      variant="secondary"
      size="xs"
      aria-label={`Send test: ${revealHidden(channel.name)}`}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate(channel.id)}
    >
      {mutation.isPending ? 'Sending…' : 'Send test'}
    </Button>
  )
}
