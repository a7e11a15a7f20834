// What both destination tables share (alert_channels, integrations): where the console sends, each with a
// signing secret, on or off, and why the console turned it off. The secret is read only by `sendable`, for the
// sender; every other query reads the table's public columns, so an answer or a log line cannot carry it by
// accident. What differs (the public columns and how a row reads, the insert, the change) is each table's own.
import type { Kysely, Selectable } from 'kysely'
import type { ConsoleDb } from './database'
import type { ConsoleDatabase } from './schema'

/** The columns every destination table has. */
interface DestinationColumns {
  id: string
  name: string
  url: string | null
  secret: string | null
  enabled: number
  disabled_reason: string | null
  created_at: number
}

/** The tables with every destination column: the compiler refuses any other name, which keeps the cast below true. */
type DestinationTable = {
  [K in keyof ConsoleDatabase]: ConsoleDatabase[K] extends DestinationColumns ? K : never
}[keyof ConsoleDatabase]

type PublicColumn<T extends DestinationTable> = Exclude<keyof Selectable<ConsoleDatabase[T]> & string, 'secret'>

/** A person's change of what every destination has; each table adds its own. */
export interface DestinationChange {
  name?: string
  url?: string
  enabled?: boolean
}

/** The columns a change sets; turning a destination on again clears the console's reason for turning it off. */
export const changedColumns = (change: DestinationChange) => ({
  ...(change.name !== undefined && { name: change.name }),
  ...(change.url !== undefined && { url: change.url }),
  ...(change.enabled !== undefined && { enabled: change.enabled ? 1 : 0, disabled_reason: null }),
})

export function createDestinationQueries<T extends DestinationTable, C extends PublicColumn<T>, Row>(
  db: ConsoleDb,
  spec: {
    table: T
    /** Every column the routes and the log may read: all but the secret. */
    publicColumns: readonly C[]
    toRow: (row: Pick<Selectable<ConsoleDatabase[T]>, C>) => Row
  },
) {
  // Every DestinationTable has these columns (its definition says so); the public ones are the table's to name.
  const destinations = db as unknown as Kysely<Record<DestinationTable, DestinationColumns>>
  const table: DestinationTable = spec.table
  const columns = spec.publicColumns as readonly string[] as readonly (keyof DestinationColumns)[]
  type Public = Pick<Selectable<ConsoleDatabase[T]>, C>
  const toRow = (row: object) => spec.toRow(row as Public)

  return {
    list: async (): Promise<Row[]> =>
      (await destinations.selectFrom(table).select(columns).orderBy('created_at').orderBy('id').execute()).map(toRow),

    find: async (id: string): Promise<Row | null> => {
      const row = await destinations.selectFrom(table).select(columns).where('id', '=', id).executeTakeFirst()
      return row ? toRow(row) : null
    },

    /** For the sender only. */
    sendable: async (id: string): Promise<(Row & { secret: ConsoleDatabase[T]['secret'] }) | null> => {
      const row = await destinations
        .selectFrom(table)
        .select([...columns, 'secret'])
        .where('id', '=', id)
        .executeTakeFirst()
      return row ? { ...toRow(row), secret: row.secret as ConsoleDatabase[T]['secret'] } : null
    },

    /** The destinations that are on. */
    enabled: async (): Promise<Row[]> =>
      (await destinations.selectFrom(table).select(columns).where('enabled', '=', 1).execute()).map(toRow),

    count: async (): Promise<number> => {
      const row = await destinations
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    /** The console's own turning off (a 410): says why, once. False when it was already off. */
    disable: async (id: string, reason: string): Promise<boolean> => {
      const result = await destinations
        .updateTable(table)
        .set({ enabled: 0, disabled_reason: reason })
        .where('id', '=', id)
        .where('enabled', '=', 1)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },

    /** Its deliveries go with it (on delete cascade). */
    remove: async (id: string): Promise<boolean> => {
      const result = await destinations.deleteFrom(table).where('id', '=', id).executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },
  }
}
