// The integrations: where call events go, a webhook URL and its signing secret, each choosing its events. What
// every destination does alike, and how the secret stays with the sender, is destinations.ts's.
import type { IntegrationEvent } from '../../../src/api/contract/integration-schemas'
import type { ConsoleDb } from './database'
import { changedColumns, createDestinationQueries, type DestinationChange } from './destinations'

/** A destination as the routes and the log read it: no secret. */
export interface IntegrationRow {
  id: string
  name: string
  url: string
  events: IntegrationEvent[]
  enabled: boolean
  disabledReason: string | null
  createdAt: number
}

/** What the sender needs besides: the signing secret. */
export interface SendableIntegration extends IntegrationRow {
  secret: string
}

export interface NewIntegration extends IntegrationRow {
  secret: string
}

export interface IntegrationChange extends DestinationChange {
  events?: IntegrationEvent[]
}

export function createIntegrationQueries(db: ConsoleDb) {
  const destinations = createDestinationQueries(db, {
    table: 'integrations',
    publicColumns: ['id', 'name', 'url', 'events', 'enabled', 'disabled_reason', 'created_at'],
    toRow: (row): IntegrationRow => ({
      id: row.id,
      name: row.name,
      url: row.url,
      events: JSON.parse(row.events) as IntegrationEvent[],
      enabled: row.enabled === 1,
      disabledReason: row.disabled_reason,
      createdAt: Number(row.created_at),
    }),
  })

  return {
    list: destinations.list,
    find: destinations.find,
    /** For the sender only. */
    sendable: (id: string): Promise<SendableIntegration | null> => destinations.sendable(id),

    /** The destinations that are on and chose `event`; few enough that the choice is read here, not in SQL. */
    subscribedTo: async (event: IntegrationEvent): Promise<IntegrationRow[]> =>
      (await destinations.enabled()).filter((row) => row.events.includes(event)),

    count: destinations.count,

    create: async (integration: NewIntegration): Promise<void> => {
      await db
        .insertInto('integrations')
        .values({
          id: integration.id,
          name: integration.name,
          url: integration.url,
          secret: integration.secret,
          events: JSON.stringify(integration.events),
          enabled: integration.enabled ? 1 : 0,
          disabled_reason: null,
          created_at: integration.createdAt,
        })
        .execute()
    },

    /** A person's change; turning one on again clears the console's reason for turning it off. */
    update: async (id: string, change: IntegrationChange): Promise<void> => {
      await db
        .updateTable('integrations')
        .set({
          ...changedColumns(change),
          ...(change.events !== undefined && { events: JSON.stringify(change.events) }),
        })
        .where('id', '=', id)
        .execute()
    },

    disable: destinations.disable,
    remove: destinations.remove,
  }
}
