import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { alertQueries } from '@/api/alerts'
import { DeliveryLogCard } from '@/components/delivery-log-card'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'
import { DeliveryTable } from './delivery-table'

const route = getRouteApi('/alerts')

/** Read again every few seconds while the tab is visible, and on focus: retries and tests change it by themselves. */
export function DeliveryLog() {
  const { deliveryRule } = route.useSearch()
  const navigate = route.useNavigate()
  const log = useInfiniteQuery(alertQueries.deliveries(deliveryRule))
  const rules = useQuery(alertQueries.rules())
  const known = rules.data?.rules ?? []
  return (
    <DeliveryLogCard
      titleId="deliveries-title"
      description="Each alert and test sent through a channel, with the receiver’s answer. Webhooks are retried with backoff, then marked failed."
      emptyText={
        deliveryRule
          ? 'Nothing sent for this rule yet: deliveries appear here when it fires with a channel on.'
          : 'Deliveries appear here when a rule fires with a channel on, or when you send a test.'
      }
      log={log}
      filters={
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor="delivery-rule">Rule</Label>
          <Select
            id="delivery-rule"
            className="w-auto max-w-full"
            value={deliveryRule ?? ''}
            onChange={(event) =>
              void navigate({
                search: (prev) => ({ ...prev, deliveryRule: event.target.value || undefined }),
                replace: true,
              })
            }
          >
            <option value="">Every rule, and tests</option>
            {known.map((rule) => (
              <option key={rule.id} value={rule.id}>
                {rule.description}
              </option>
            ))}
            {deliveryRule && rules.isSuccess && !known.some((rule) => rule.id === deliveryRule) && (
              <option value={deliveryRule}>A rule deleted since</option>
            )}
          </Select>
        </div>
      }
    >
      {(deliveries, zone) => <DeliveryTable deliveries={deliveries} zone={zone} />}
    </DeliveryLogCard>
  )
}
