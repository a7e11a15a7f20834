import type { AlertChannel } from '@/api/contract/alert-schemas'
import { RevealedText } from '@/components/revealed-text'
import { Button } from '@/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { revealHidden } from '@/lib/hidden-characters'
import { ChannelEnabledSwitch, SendTestButton } from './channel-actions'

const KIND_LABEL: Record<AlertChannel['kind'], string> = { webhook: 'Webhook', email: 'Email' }

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
    <Table regionLabel="Channels table">
      <caption className="sr-only">Where alerts are sent besides the banner</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Kind</TableHead>
          <TableHead>URL or recipients</TableHead>
          <TableHead>Enabled</TableHead>
          <TableHead>Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {channels.map((channel) => (
          <TableRow key={channel.id}>
            <TableHead scope="row" look="row-medium">
              <RevealedText text={channel.name} />
              {channel.disabledReason && (
                <span className="mt-1 block rounded-md border border-red-300 bg-red-50 p-2 text-sm font-normal text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
                  <span className="font-semibold">Turned off by the console: </span>
                  {channel.disabledReason}
                </span>
              )}
            </TableHead>
            <TableCell>{KIND_LABEL[channel.kind]}</TableCell>
            <TableCell className="max-w-80 break-all">
              <RevealedText text={channel.kind === 'webhook' ? channel.url : channel.recipients?.join(', ')} />
            </TableCell>
            <TableCell>
              <ChannelEnabledSwitch channel={channel} onDone={onDone} />
            </TableCell>
            <TableCell>
              <div className="flex flex-wrap gap-2">
                <SendTestButton channel={channel} onDone={onDone} />
                <Button
                  variant="secondary"
                  size="xs"
                  aria-label={`Delete: ${revealHidden(channel.name)}`}
                  onClick={() => onDelete(channel)}
                >
                  Delete
                </Button>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
