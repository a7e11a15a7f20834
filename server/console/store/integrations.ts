// The integrations: where call events go. The secret is read only by the sender; every other query leaves it
// out, so an answer or a log line cannot carry it by accident.
import type { IntegrationEvent } from '../../../src/api/contract/integration-schemas'
import type { ConsoleDb } from './database'
import type { IntegrationsTable } from './schema'

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

export interface IntegrationChange {
  name?: string
  url?: string
  events?: IntegrationEvent[]
  enabled?: boolean
}

const PUBLIC_COLUMNS = ['id', 'name', 'url', 'events', 'enabled', 'disabled_reason', 'created_at'] as const

type PublicRow = Pick<IntegrationsTable, (typeof PUBLIC_COLUMNS)[number]>

const toRow = (row: PublicRow): IntegrationRow => ({
  id: row.id,
  name: row.name,
  url: row.url,
  events: JSON.parse(row.events) as IntegrationEvent[],
  enabled: row.enabled === 1,
  disabledReason: row.disabled_reason,
  createdAt: Number(row.created_at),
})

export function createIntegrationQueries(db: ConsoleDb) {
  return {
    list: async (): Promise<IntegrationRow[]> =>
      (await db.selectFrom('integrations').select(PUBLIC_COLUMNS).orderBy('created_at').orderBy('id').execute()).map(
        toRow,
      ),

    find: async (id: string): Promise<IntegrationRow | null> => {
      const row = await db.selectFrom('integrations').select(PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst()
      return row ? toRow(row) : null
    },

    /** For the sender only. */
    sendable: async (id: string): Promise<SendableIntegration | null> => {
      const row = await db
        .selectFrom('integrations')
        .select([...PUBLIC_COLUMNS, 'secret'])
        .where('id', '=', id)
        .executeTakeFirst()
      return row ? { ...toRow(row), secret: row.secret } : null
    },

    /** The destinations that are on and chose `event`; few enough that the choice is read here, not in SQL. */
    subscribedTo: async (event: IntegrationEvent): Promise<IntegrationRow[]> =>
      (await db.selectFrom('integrations').select(PUBLIC_COLUMNS).where('enabled', '=', 1).execute())
        .map(toRow)
        .filter((row) => row.events.includes(event)),

    count: async (): Promise<number> => {
      const row = await db
        .selectFrom('integrations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

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
          ...(change.name !== undefined && { name: change.name }),
          ...(change.url !== undefined && { url: change.url }),
          ...(change.events !== undefined && { events: JSON.stringify(change.events) }),
          ...(change.enabled !== undefined && { enabled: change.enabled ? 1 : 0, disabled_reason: null }),
        })
        .where('id', '=', id)
        .execute()
    },

    /** The console's own turning off (a 410): says why, once. False when it was already off. */
    disable: async (id: string, reason: string): Promise<boolean> => {
      const result = await db
        .updateTable('integrations')
        .set({ enabled: 0, disabled_reason: reason })
        .where('id', '=', id)
        .where('enabled', '=', 1)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },

    /** Its deliveries go with it (on delete cascade). */
    remove: async (id: string): Promise<boolean> => {
      const result = await db.deleteFrom('integrations').where('id', '=', id).executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },
  }
}
