// The alert channels: where a firing goes, a webhook (URL and signing secret) or email (recipients). What every
// destination does alike, and how the secret stays with the sender, is destinations.ts's.
import type { ConsoleDb } from './database'
import { changedColumns, createDestinationQueries, type DestinationChange } from './destinations'
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
  /** Who last set its addresses ("ana@example.com", "manager"); null for a channel added before 0032. */
  addedBy: { email: string; role: string } | null
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
  /** Who adds it; left out by the console's own tools (the sinks script, fixtures). */
  addedBy?: { email: string; role: string } | null
}

export interface ChannelChange extends DestinationChange {
  recipients?: string[]
  /** Who set the recipients: sent with them. */
  addedBy?: { email: string; role: string }
}

export function createAlertChannelQueries(db: ConsoleDb) {
  const destinations = createDestinationQueries(db, {
    table: 'alert_channels',
    publicColumns: [
      'id',
      'kind',
      'name',
      'url',
      'recipients',
      'enabled',
      'disabled_reason',
      'created_at',
      'added_by_email',
      'added_by_role',
    ],
    toRow: (row): ChannelRow => ({
      id: row.id,
      kind: row.kind,
      name: row.name,
      url: row.url,
      recipients: row.recipients === null ? null : (JSON.parse(row.recipients) as string[]),
      enabled: row.enabled === 1,
      disabledReason: row.disabled_reason,
      createdAt: Number(row.created_at),
      addedBy:
        row.added_by_email === null ? null : { email: row.added_by_email, role: row.added_by_role ?? 'unknown role' },
    }),
  })

  return {
    list: destinations.list,
    find: destinations.find,
    /** For the sender only. */
    sendable: (id: string): Promise<SendableChannel | null> => destinations.sendable(id),
    enabledIds: async (): Promise<string[]> => (await destinations.enabled()).map((row) => row.id),
    count: destinations.count,

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
          added_by_email: channel.addedBy?.email ?? null,
          added_by_role: channel.addedBy?.role ?? null,
        })
        .execute()
    },

    /** A person's change; turning a channel on again clears the console's reason for turning it off. */
    update: async (id: string, change: ChannelChange): Promise<void> => {
      await db
        .updateTable('alert_channels')
        .set({
          ...changedColumns(change),
          ...(change.recipients !== undefined && { recipients: JSON.stringify(change.recipients) }),
          ...(change.addedBy !== undefined && {
            added_by_email: change.addedBy.email,
            added_by_role: change.addedBy.role,
          }),
        })
        .where('id', '=', id)
        .execute()
    },

    disable: destinations.disable,
    remove: destinations.remove,
  }
}
