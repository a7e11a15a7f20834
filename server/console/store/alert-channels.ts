// The alert channels: where a firing goes. The secret is read only by the sender; every other query
// leaves it out, so an answer or a log line cannot carry it by accident.
import type { ConsoleDb } from './database'
import type { AlertChannelsTable } from './schema'

type ChannelKind = AlertChannelsTable['kind']

/** A channel as the routes and the log read it: no secret. */
export interface ChannelRow {
  id: string
  kind: ChannelKind
  name: string
  url: string | null
  recipients: string[] | null
  enabled: boolean
  disabledReason: string | null
  createdAt: number
}

/** What the sender needs besides: the webhook's signing secret. */
export interface SendableChannel extends ChannelRow {
  secret: string | null
}

export interface NewChannel {
  id: string
  kind: ChannelKind
  name: string
  url: string | null
  recipients: string[] | null
  secret: string | null
  enabled: boolean
  createdAt: number
}

export interface ChannelChange {
  name?: string
  url?: string
  recipients?: string[]
  enabled?: boolean
}

const PUBLIC_COLUMNS = ['id', 'kind', 'name', 'url', 'recipients', 'enabled', 'disabled_reason', 'created_at'] as const

type PublicRow = Pick<AlertChannelsTable, (typeof PUBLIC_COLUMNS)[number]>

const toRow = (row: PublicRow): ChannelRow => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  url: row.url,
  recipients: row.recipients === null ? null : (JSON.parse(row.recipients) as string[]),
  enabled: row.enabled === 1,
  disabledReason: row.disabled_reason,
  createdAt: Number(row.created_at),
})

export function createAlertChannelQueries(db: ConsoleDb) {
  return {
    list: async (): Promise<ChannelRow[]> =>
      (await db.selectFrom('alert_channels').select(PUBLIC_COLUMNS).orderBy('created_at').orderBy('id').execute()).map(
        toRow,
      ),

    find: async (id: string): Promise<ChannelRow | null> => {
      const row = await db.selectFrom('alert_channels').select(PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst()
      return row ? toRow(row) : null
    },

    /** For the sender only. */
    sendable: async (id: string): Promise<SendableChannel | null> => {
      const row = await db
        .selectFrom('alert_channels')
        .select([...PUBLIC_COLUMNS, 'secret'])
        .where('id', '=', id)
        .executeTakeFirst()
      return row ? { ...toRow(row), secret: row.secret } : null
    },

    enabledIds: async (): Promise<string[]> =>
      (await db.selectFrom('alert_channels').select('id').where('enabled', '=', 1).execute()).map((row) => row.id),

    count: async (): Promise<number> => {
      const row = await db
        .selectFrom('alert_channels')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    create: async (channel: NewChannel): Promise<void> => {
      await db
        .insertInto('alert_channels')
        .values({
          id: channel.id,
          kind: channel.kind,
          name: channel.name,
          url: channel.url,
          recipients: channel.recipients === null ? null : JSON.stringify(channel.recipients),
          secret: channel.secret,
          enabled: channel.enabled ? 1 : 0,
          disabled_reason: null,
          created_at: channel.createdAt,
        })
        .execute()
    },

    /** A person's change; turning a channel on again clears the console's reason for turning it off. */
    update: async (id: string, change: ChannelChange): Promise<void> => {
      await db
        .updateTable('alert_channels')
        .set({
          ...(change.name !== undefined && { name: change.name }),
          ...(change.url !== undefined && { url: change.url }),
          ...(change.recipients !== undefined && { recipients: JSON.stringify(change.recipients) }),
          ...(change.enabled !== undefined && { enabled: change.enabled ? 1 : 0, disabled_reason: null }),
        })
        .where('id', '=', id)
        .execute()
    },

    /** The console's own turning off (a 410): says why, once. False when it was already off. */
    disable: async (id: string, reason: string): Promise<boolean> => {
      const result = await db
        .updateTable('alert_channels')
        .set({ enabled: 0, disabled_reason: reason })
        .where('id', '=', id)
        .where('enabled', '=', 1)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },

    /** Its deliveries go with it (on delete cascade). */
    remove: async (id: string): Promise<boolean> => {
      const result = await db.deleteFrom('alert_channels').where('id', '=', id).executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },
  }
}
