import type { AlertChannel } from '@/api/contract/alert-schemas'
import { type DestinationColumn, DestinationTable } from '@/components/destination-table'
import { RevealedText } from '@/components/revealed-text'
import { ChannelEnabledSwitch, SendTestButton } from './channel-actions'

const KIND_LABEL: Record<AlertChannel['kind'], string> = { webhook: 'Webhook', email: 'Email' }

const COLUMNS: readonly DestinationColumn<AlertChannel>[] = [
  { header: 'Kind', cell: (channel) => KIND_LABEL[channel.kind] },
  {
    header: 'URL or recipients',
    className: 'max-w-80 break-all',
    cell: (channel) => (
      <RevealedText text={channel.kind === 'webhook' ? channel.url : channel.recipients?.join(', ')} />
    ),
  },
]

export function ChannelsTable({
  channels,
  onDelete,
  onDone,
}: {
  channels: readonly AlertChannel[]
  onDelete: (channel: AlertChannel) => void
  onDone: (message: string) => void
}) {
  return (
    <DestinationTable
      regionLabel="Channels table"
      caption="Where alerts are sent besides the banner"
      rows={channels}
      columns={COLUMNS}
      enabledSwitch={(channel) => <ChannelEnabledSwitch channel={channel} onDone={onDone} />}
      testButton={(channel) => <SendTestButton channel={channel} onDone={onDone} />}
      onDelete={onDelete}
    />
  )
}
