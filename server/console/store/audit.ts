// The audit_log table's queries. Appends go through audit/audit-log.ts, which chains them.
import { type Kysely, sql, type Transaction } from 'kysely'
import type { AuditAction } from '../../../src/api/audit-schemas'
import type { ConsoleDb } from './database'
import type { AuditRow, ConsoleDatabase } from './schema'

export interface AuditFilter {
  userId?: string
  action?: AuditAction
  fromMs?: number
  toMs?: number
  /** Entries older than this seq (the cursor of the page before). */
  beforeSeq?: number
}

type Executor = Kysely<ConsoleDatabase> | Transaction<ConsoleDatabase>

export function createAuditQueries(db: ConsoleDb) {
  const filtered = (filter: AuditFilter) => {
    let query = db.selectFrom('audit_log').selectAll()
    if (filter.userId) query = query.where('actor_user_id', '=', filter.userId)
    if (filter.action) query = query.where('action', '=', filter.action)
    if (filter.fromMs !== undefined) query = query.where('at', '>=', filter.fromMs)
    if (filter.toMs !== undefined) query = query.where('at', '<', filter.toMs)
    if (filter.beforeSeq !== undefined) query = query.where('seq', '<', filter.beforeSeq)
    return query
  }
  return {
    head: (tx: Executor = db): Promise<Pick<AuditRow, 'seq' | 'hash'> | undefined> =>
      tx.selectFrom('audit_log').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1).executeTakeFirst(),
    insert: async (tx: Executor, row: AuditRow) => {
      await tx.insertInto('audit_log').values(row).execute()
    },
    /** Newest first. */
    page: (filter: AuditFilter, limit: number): Promise<AuditRow[]> =>
      filtered(filter).orderBy('seq', 'desc').limit(limit).execute(),
    /** Oldest first, `limit` entries after `afterSeq`: the verifier's and the export's walk. */
    ascending: (afterSeq: number, limit: number, filter: AuditFilter = {}): Promise<AuditRow[]> =>
      filtered(filter).where('seq', '>', afterSeq).orderBy('seq', 'asc').limit(limit).execute(),
    latestOfAction: (action: AuditAction): Promise<AuditRow | undefined> =>
      db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', action)
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst(),
    /** The last seq written before `beforeMs`, if any. */
    lastSeqBefore: async (tx: Executor, beforeMs: number): Promise<number | undefined> => {
      const row = await tx
        .selectFrom('audit_log')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .where('at', '<', beforeMs)
        .executeTakeFirst()
      return row?.seq ?? undefined
    },
    bySeq: (tx: Executor, seq: number) =>
      tx.selectFrom('audit_log').selectAll().where('seq', '=', seq).executeTakeFirst(),
    /** Removes entries up to `throughSeq`, lifting the delete guard for this transaction only. */
    deleteThrough: async (tx: Executor, throughSeq: number): Promise<number> => {
      await sql`update audit_guard set prune_allowed = 1 where id = 1`.execute(tx)
      const result = await tx.deleteFrom('audit_log').where('seq', '<=', throughSeq).executeTakeFirst()
      await sql`update audit_guard set prune_allowed = 0 where id = 1`.execute(tx)
      return Number(result.numDeletedRows)
    },
    count: async (): Promise<number> => {
      const row = await db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
      return Number(row?.n ?? 0)
    },
  }
}

export type AuditQueries = ReturnType<typeof createAuditQueries>
