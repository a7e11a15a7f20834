import { INTEGRATION_EVENT_LABELS, type Integration } from '@/api/contract/integration-schemas'
import { RevealedText } from '@/components/revealed-text'
import { Button } from '@/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { revealHidden } from '@/lib/hidden-characters'
import { DestinationEnabledSwitch, SendTestEventButton } from './destination-actions'

export function DestinationsTable({
  integrations,
  onDelete,
  onDone,
}: {
  integrations: readonly Integration[]
  onDelete: (integration: Integration) => void
  onDone: (message: string) => void
}) {
  return (
    <Table regionLabel="Integrations table">
      <caption className="sr-only">Where the console sends call events</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>URL</TableHead>
          <TableHead>Events</TableHead>
          <TableHead>Enabled</TableHead>
          <TableHead>Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {integrations.map((integration) => (
          <TableRow key={integration.id}>
            <TableHead scope="row" look="row-medium">
              <RevealedText text={integration.name} />
              {integration.disabledReason && (
                <span className="mt-1 block rounded-md border border-red-300 bg-red-50 p-2 text-sm font-normal text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
                  <span className="font-semibold">Turned off by the console: </span>
                  {integration.disabledReason}
                </span>
              )}
            </TableHead>
            <TableCell className="max-w-80 break-all">
              <RevealedText text={integration.url} />
            </TableCell>
            <TableCell>
              <ul className="space-y-0.5">
                {integration.events.map((event) => (
                  <li key={event}>{INTEGRATION_EVENT_LABELS[event]}</li>
                ))}
              </ul>
            </TableCell>
            <TableCell>
              <DestinationEnabledSwitch integration={integration} onDone={onDone} />
            </TableCell>
            <TableCell>
              <div className="flex flex-wrap gap-2">
                <SendTestEventButton integration={integration} onDone={onDone} />
                <Button
                  variant="secondary"
                  size="xs"
                  aria-label={`Delete: ${revealHidden(integration.name)}`}
                  onClick={() => onDelete(integration)}
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
