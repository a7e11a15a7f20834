import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import {
  INTEGRATION_EVENT_LABELS,
  INTEGRATION_TEST_EVENT,
  type IntegrationDelivery,
} from '@/api/contract/integration-schemas'
import { integrationQueries } from '@/api/integrations'
import { DeliveryLogCard } from '@/components/delivery-log-card'
import { type DeliveryLogColumn, DeliveryLogTable } from '@/components/delivery-log-table'

const eventLabel = (type: string) =>
  type === INTEGRATION_TEST_EVENT ? 'Test event' : (INTEGRATION_EVENT_LABELS[type as never] ?? type)

/** Read again every few seconds while the tab is visible, and on focus: retries and calls change it by themselves. */
export function IntegrationDeliveryLog() {
  const log = useInfiniteQuery(integrationQueries.deliveries())
  return (
    <DeliveryLogCard
      titleId="integration-deliveries-title"
      description="Each event sent to a destination, with the receiver’s answer. Retried after 5 s, 5 min, 30 min and 2 h, then marked failed."
      emptyText="Deliveries appear here when a call ends or its outcome is saved, or when you send a test event."
      log={log}
    >
      {(deliveries, zone) => <IntegrationDeliveryTable deliveries={deliveries} zone={zone} />}
    </DeliveryLogCard>
  )
}

const ABOUT: readonly DeliveryLogColumn<IntegrationDelivery>[] = [
  { header: 'Integration', cell: (delivery) => delivery.integrationName },
  {
    header: 'Event',
    cell: (delivery) => (
      <>
        {eventLabel(delivery.eventType)}
        {delivery.callId && (
          <Link to="/calls/$callId" params={{ callId: delivery.callId }} className="block text-xs underline">
            {delivery.callId}
          </Link>
        )}
      </>
    ),
  },
]

const ANSWER: readonly DeliveryLogColumn<IntegrationDelivery>[] = [
  {
    header: 'Response',
    className: 'tabular-nums',
    cell: (delivery) => (
      <>
        {delivery.responseStatus === null ? 'No answer' : delivery.responseStatus}
        {delivery.responseTimeMs !== null && (
          <span className="block text-xs text-slate-600 dark:text-slate-400">{delivery.responseTimeMs} ms</span>
        )}
      </>
    ),
  },
]

function IntegrationDeliveryTable({ deliveries, zone }: { deliveries: readonly IntegrationDelivery[]; zone: string }) {
  return (
    <DeliveryLogTable
      regionLabel="Integration delivery log table"
      caption="Deliveries of call events and tests, newest first"
      zone={zone}
      deliveries={deliveries}
      about={ABOUT}
      answer={ANSWER}
    />
  )
}
