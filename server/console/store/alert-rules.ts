// Alert rules (alerts/rules/): one per kind and percent, kept by a unique index, and the one read of the
// call index the "projected over" rule needs: billed minutes of ended calls per UTC day of a period.
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { AlertRuleKind } from '../../../src/api/contract/alert-schemas'
import { FINISHED_CALL_STATUSES } from '../../../src/api/contract/schemas'
import type { ConsoleDb } from './database'

const DAY_MS = 86_400_000

export interface AlertRuleRow {
  id: string
  kind: AlertRuleKind
  percent: number | null
  enabled: boolean
  updatedAt: number
  updatedBy: string | null
  /** The email of who last changed it, while that person exists. */
  updatedByEmail: string | null
  /** The channels it goes to, as named (a deleted one stays named until the rule is saved); null: every channel. */
  channelIds: string[] | null
}

export interface AlertRuleValues {
  kind: AlertRuleKind
  percent: number | null
  enabled: boolean
  /** null: every channel. Absent in a change: the channels stay as they are. */
  channelIds?: string[] | null
}

/** A day of a period from its UTC midnight, and the billed minutes of the ended calls created in it. */
export interface DayMinutes {
  dayStartMs: number
  minutes: number
}

/** The only driver-specific line: SQLite's and PostgreSQL's codes for a UNIQUE that refused a write. */
const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505'
}

/** `readers`: where the daily sums run (the SQLite adapter's worker threads, within the query budget). */
export function createAlertRuleQueries(db: ConsoleDb, readers: ConsoleDb = db) {
  const selectRules = () =>
    db
      .selectFrom('alert_rules')
      .leftJoin('users', 'users.id', 'alert_rules.updated_by')
      .select([
        'alert_rules.id',
        'alert_rules.kind',
        'alert_rules.percent',
        'alert_rules.enabled',
        'alert_rules.updated_at as updatedAt',
        'alert_rules.updated_by as updatedBy',
        'users.email as updatedByEmail',
        'alert_rules.channel_ids',
      ])
  type Selected = Omit<AlertRuleRow, 'enabled' | 'channelIds'> & { enabled: number; channel_ids: string | null }
  const toRow = ({ channel_ids, ...row }: Selected): AlertRuleRow => ({
    ...row,
    enabled: row.enabled === 1,
    channelIds: channel_ids === null ? null : (JSON.parse(channel_ids) as string[]),
  })

  return {
    /** Usage rules by percent first, then the others by kind. */
    list: async (): Promise<AlertRuleRow[]> =>
      (
        await selectRules()
          .orderBy('alert_rules.kind', 'desc')
          .orderBy('alert_rules.percent')
          .orderBy('alert_rules.id')
          .execute()
      ).map(toRow),
    enabled: async (): Promise<AlertRuleRow[]> =>
      (await selectRules().where('alert_rules.enabled', '=', 1).orderBy('alert_rules.id').execute()).map(toRow),
    find: async (id: string): Promise<AlertRuleRow | null> => {
      const row = await selectRules().where('alert_rules.id', '=', id).executeTakeFirst()
      return row ? toRow(row) : null
    },
    /** The new rule's id; null when a rule of that kind and percent exists already. */
    create: async (values: AlertRuleValues, by: string | null, at: number): Promise<string | null> => {
      const id = `rule_${randomBytes(9).toString('base64url')}`
      const row = await db
        .insertInto('alert_rules')
        .values({ id, ...columns(values), updated_at: at, updated_by: by })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst()
      return row?.id ?? null
    },
    /** 'taken' when another rule already has that kind and percent. */
    update: async (id: string, values: AlertRuleValues, by: string, at: number): Promise<'updated' | 'taken'> => {
      try {
        await db
          .updateTable('alert_rules')
          .set({ ...columns(values), updated_at: at, updated_by: by })
          .where('id', '=', id)
          .execute()
        return 'updated'
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken'
        throw error
      }
    },
    remove: async (id: string): Promise<boolean> => {
      const result = await db.deleteFrom('alert_rules').where('id', '=', id).executeTakeFirst()
      return result.numDeletedRows > 0n
    },

    /**
     * Billed minutes of the calls created in [fromMs, toMs) that have ended, per UTC day counted from the
     * midnight before `fromMs` (the service counts a call's minutes in the period it was created in).
     * Integer division of whole numbers is the same on SQLite and PostgreSQL.
     */
    dailyBilledMinutes: async (fromMs: number, toMs: number): Promise<DayMinutes[]> => {
      const base = Math.floor(fromMs / DAY_MS) * DAY_MS
      // A period of a busy account is a hundred thousand calls: off the event loop, like the searches.
      const rows = await readers
        .selectFrom('indexed_calls')
        // Literals, not parameters: a bound number may arrive as a real, and the division must stay whole.
        .select((eb) => [
          sql<number>`(created_at - ${sql.lit(base)}) / ${sql.lit(DAY_MS)}`.as('day'),
          eb.fn.sum<number>('billed_minutes').as('minutes'),
        ])
        .where('created_at', '>=', fromMs)
        .where('created_at', '<', toMs)
        .where('status', 'in', FINISHED_CALL_STATUSES)
        .where('billed_minutes', 'is not', null)
        .groupBy('day')
        .orderBy('day')
        .execute()
      return rows.map((row) => ({ dayStartMs: base + Number(row.day) * DAY_MS, minutes: Number(row.minutes) }))
    },
  }
}

const columns = (values: AlertRuleValues) => ({
  kind: values.kind,
  percent: values.kind === 'usage-percent' ? values.percent : null,
  enabled: values.enabled ? 1 : 0,
  ...(values.channelIds !== undefined && {
    channel_ids: values.channelIds === null ? null : JSON.stringify(values.channelIds),
  }),
})
