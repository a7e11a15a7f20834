import { useInfiniteQuery } from '@tanstack/react-query'
import { alertQueries } from '@/api/alerts'
import { DeliveryLogCard } from '@/components/delivery-log-card'
import { DeliveryTable } from './delivery-table'

/** Read again every few seconds while the tab is visible, and on focus: retries and tests change it by themselves. */
export function DeliveryLog() {
  const log = useInfiniteQuery(alertQueries.deliveries())
  return (
    <DeliveryLogCard
      titleId="deliveries-title"
      description="Each alert and test sent through a channel, with the receiver’s answer. Webhooks are retried with backoff, then marked failed."
      emptyText="Deliveries appear here when a rule fires with a channel on, or when you send a test."
      log={log}
    >
      {(deliveries, zone) => <DeliveryTable deliveries={deliveries} zone={zone} />}
    </DeliveryLogCard>
  )
}
