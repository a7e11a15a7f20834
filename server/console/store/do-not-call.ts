// The do-not-call list (issue 52): one row per E.164 number, so the check before every placement is a primary-key
// probe on both stores. Numbers reach here already normalised; the store never parses them.
import type { DoNotCallSource } from '../../../src/api/contract/do-not-call-schemas'
import type { ConsoleDb } from './database'

export interface DoNotCallRow {
  phoneNumber: string
  reason: string
  source: DoNotCallSource
  addedById: string | null
  addedByEmail: string
  addedAt: number
}

/** Rows per INSERT: 6 values each keeps a batch far under SQLite's and PostgreSQL's bound parameters. */
const DO_NOT_CALL_BATCH = 500

const COLUMNS = [
  'phone_number as phoneNumber',
  'reason',
  'source',
  'added_by_id as addedById',
  'added_by_email as addedByEmail',
  'added_at as addedAt',
] as const

const toValues = (row: DoNotCallRow) => ({
  phone_number: row.phoneNumber,
  reason: row.reason,
  source: row.source,
  added_by_id: row.addedById,
  added_by_email: row.addedByEmail,
  added_at: row.addedAt,
})

// PostgreSQL answers bigint as a string.
const toRow = (row: DoNotCallRow): DoNotCallRow => ({ ...row, addedAt: Number(row.addedAt) })

export function createDoNotCallQueries(db: ConsoleDb) {
  return {
    /** Lists a number; one already listed keeps its first reason. Answers the entry as it stands, and whether it is new. */
    add: async (row: DoNotCallRow): Promise<{ entry: DoNotCallRow; added: boolean }> => {
      const inserted = await db
        .insertInto('do_not_call')
        .values(toValues(row))
        .onConflict((oc) => oc.column('phone_number').doNothing())
        .executeTakeFirst()
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { entry: row, added: true }
      const entry = await db
        .selectFrom('do_not_call')
        .select(COLUMNS)
        .where('phone_number', '=', row.phoneNumber)
        .executeTakeFirstOrThrow()
      return { entry: toRow(entry), added: false }
    },
    /**
     * Lists many numbers, `batch` rows a statement and a transaction, so that an import of a million numbers never
     * holds the store's writer for long; numbers already listed are skipped. Answers how many were new.
     */
    addMany: async (rows: readonly DoNotCallRow[], batch = DO_NOT_CALL_BATCH): Promise<number> => {
      let added = 0
      for (let start = 0; start < rows.length; start += batch) {
        const slice = rows.slice(start, start + batch)
        const result = await db
          .insertInto('do_not_call')
          .values(slice.map(toValues))
          .onConflict((oc) => oc.column('phone_number').doNothing())
          .executeTakeFirst()
        added += Number(result.numInsertedOrUpdatedRows ?? 0)
      }
      return added
    },
    find: async (phoneNumber: string): Promise<DoNotCallRow | null> => {
      const row = await db
        .selectFrom('do_not_call')
        .select(COLUMNS)
        .where('phone_number', '=', phoneNumber)
        .executeTakeFirst()
      return row ? toRow(row) : null
    },
    /** A page in number order after `after`; `digits` narrows to numbers holding them. One more row says a next page exists. */
    page: async (options: { digits?: string; after?: string; limit: number }): Promise<DoNotCallRow[]> => {
      let query = db.selectFrom('do_not_call').select(COLUMNS)
      if (options.digits) query = query.where('phone_number', 'like', `%${options.digits.replace(/\D/g, '')}%`)
      if (options.after !== undefined) query = query.where('phone_number', '>', options.after)
      const rows = await query.orderBy('phone_number').limit(options.limit).execute()
      return rows.map(toRow)
    },
    /** Takes a number off the list; answers the entry it was, or null when it was not listed. */
    remove: async (phoneNumber: string): Promise<DoNotCallRow | null> => {
      const row = await db
        .selectFrom('do_not_call')
        .select(COLUMNS)
        .where('phone_number', '=', phoneNumber)
        .executeTakeFirst()
      if (!row) return null
      const removed = await db.deleteFrom('do_not_call').where('phone_number', '=', phoneNumber).executeTakeFirst()
      return Number(removed.numDeletedRows) > 0 ? toRow(row) : null
    },
  }
}
