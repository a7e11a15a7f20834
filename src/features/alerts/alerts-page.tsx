import { ChannelsSection } from './channels/channels-section'
import { DeliveryLog } from './deliveries/delivery-log'
import { FiringsList } from './firings/firings-list'
import { RulesSection } from './rules/rules-section'

/** Managers and admins: what fires, where it goes, and whether it arrived. Each section loads and fails on its own. */
export function AlertsPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Alerts</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Rules on the current billing period (periods are UTC calendar months), checked on a schedule and as calls end.
          A firing shows in the banner for managers and admins until each dismisses it.
        </p>
      </div>
      <RulesSection />
      <ChannelsSection />
      <DeliveryLog />
      <FiringsList />
    </div>
  )
}
