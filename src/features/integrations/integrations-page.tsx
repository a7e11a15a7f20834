import { DestinationsSection } from './destinations-section'
import { IntegrationDeliveryLog } from './integration-delivery-log'

/** Admins: where the console sends its call events, and whether they arrived. Each section loads and fails on its own. */
export function IntegrationsPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Integrations</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Send each call’s result to your team’s systems (a CRM, a ticket tool, a data warehouse): the console POSTs a
          signed event when a call ends and when its outcome or note is saved. See docs/integrations.md for the events
          and an example receiver.
        </p>
      </div>
      <DestinationsSection />
      <IntegrationDeliveryLog />
    </div>
  )
}
