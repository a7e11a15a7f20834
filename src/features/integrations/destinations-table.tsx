import { INTEGRATION_EVENT_LABELS, type Integration } from '@/api/contract/integration-schemas'
import { type DestinationColumn, DestinationTable } from '@/components/destination-table'
import { RevealedText } from '@/components/revealed-text'
import { DestinationEnabledSwitch, SendTestEventButton } from './destination-actions'

const COLUMNS: readonly DestinationColumn<Integration>[] = [
  { header: 'URL', className: 'max-w-80 break-all', cell: (integration) => <RevealedText text={integration.url} /> },
  {
    header: 'Events',
    cell: (integration) => (
      <ul className="space-y-0.5">
        {integration.events.map((event) => (
          <li key={event}>{INTEGRATION_EVENT_LABELS[event]}</li>
        ))}
      </ul>
    ),
  },
]

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
    <DestinationTable
      regionLabel="Integrations table"
      caption="Where the console sends call events"
      rows={integrations}
      columns={COLUMNS}
      enabledSwitch={(integration) => <DestinationEnabledSwitch integration={integration} onDone={onDone} />}
      testButton={(integration) => <SendTestEventButton integration={integration} onDone={onDone} />}
      onDelete={onDelete}
    />
  )
}
