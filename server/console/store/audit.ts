// The audit_log table's queries. Appends go through audit/audit-log.ts, which chains them.
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SqlBool,
  sql,
  type Transaction,
} from 'kysely'
import type { AuditAction } from '../../../src/api/contract/audit-schemas'
import { digitsOf, revealPersonalValues } from './audit-personal'
import type { ConsoleDb } from './database'
import type { AuditRow, ConsoleDatabase } from './schema'

export interface AuditFilter {
  userId?: string
  action?: AuditAction
  fromMs?: number
  toMs?: number
  /** Entries older than this seq (the cursor of the page before). */
  beforeSeq?: number
  /**
   * Any part of the target (a call id, a number, an email), of the actor's email or of the action ("placed",
   * "call placed"); 3 digits or more also find a call's entries by any part of its numbers (the call index).
   */
  text?: string
}

/** A LIKE pattern for a substring, lower-cased: its own %, _ and the escape character are literal. */
const anywhere = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`
/** An action as words: "call.placed" reads "call placed", "sign-in.failed" "sign in failed". */
const actionWords = (text: string) => text.toLowerCase().replace(/[.-]/g, ' ').replace(/\s+/g, ' ').trim()

/** What answers a placement forwarded to the voice service. */
const PLACEMENT_ANSWERS: AuditAction[] = ['call.placed', 'call.replayed', 'call.refused']

type AuditEb = ExpressionBuilder<ConsoleDatabase, 'audit_log'>

function textMatches(eb: AuditEb, text: string) {
  const like = (column: RawBuilder<unknown>, value: string) =>
    sql<SqlBool>`${column} like ${anywhere(value)} escape '\\'`
  const either: Expression<SqlBool>[] = [
    like(sql`lower(audit_log.target)`, text),
    like(sql`lower(audit_log.actor_email)`, text),
    like(sql`replace(replace(audit_log.action, '.', ' '), '-', ' ')`, actionWords(text)),
  ]
  // A personal value (a number, a note's reason…) is kept beside the entry: found by its text, or a number's digits.
  const values = eb
    .selectFrom('audit_personal_values as v')
    .select(sql`1`.as('one'))
    .whereRef('v.seq', '=', 'audit_log.seq')
  either.push(eb.exists(values.where(() => like(sql`lower(v.value)`, text))))
  const digits = digitsOf(text)
  if (digits.length >= 3 && /^\+?[\d().\-/\s]+$/.test(text)) {
    either.push(like(sql`audit_log.target`, digits))
    either.push(eb.exists(values.where(() => like(sql.ref('v.digits'), digits))))
    // A call's entries by its number: its row in the call index, by the unique call id (one seek an entry).
    either.push(
      eb.exists(
        eb
          .selectFrom('indexed_calls as c')
          .select(sql`1`.as('one'))
          .whereRef('c.call_id', '=', 'audit_log.target')
          .where((c) =>
            c.or([like(sql.ref('c.destination_digits'), digits), like(sql.ref('c.caller_digits'), digits)]),
          ),
      ),
    )
  }
  return eb.or(either)
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
    const text = filter.text?.trim()
    if (text) query = query.where((eb) => textMatches(eb, text))
    return query
  }
  return {
    head: (tx: Executor = db): Promise<Pick<AuditRow, 'seq' | 'hash'> | undefined> =>
      tx.selectFrom('audit_log').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1).executeTakeFirst(),
    insert: async (tx: Executor, row: AuditRow) => {
      await tx.insertInto('audit_log').values(row).execute()
    },
    /** Newest first, as people read them: personal values shown (or "[erased]"), not their tokens. */
    page: async (filter: AuditFilter, limit: number): Promise<AuditRow[]> =>
      revealPersonalValues(db, await filtered(filter).orderBy('seq', 'desc').limit(limit).execute()),
    /** Oldest first, `limit` entries after `afterSeq`, as hashed (tokens, not personal values): the verifier's walk. */
    ascending: (afterSeq: number, limit: number, filter: AuditFilter = {}): Promise<AuditRow[]> =>
      filtered(filter).where('seq', '>', afterSeq).orderBy('seq', 'asc').limit(limit).execute(),
    /**
     * The first entry after a placement's `call.placement-forwarded` (`forwarded`) that answers it: one of the same
     * person naming it (`forwardedEntry`), or answering the same Idempotency-Key (a retry after a crash). The details
     * are canonical JSON (keys sorted), so each is one LIKE: forwardedEntry comes first, idempotencyKey last.
     */
    answerOf: async (forwarded: {
      seq: number
      userId: string | null
      idempotencyKey: string | null
    }): Promise<number | null> => {
      const literal = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)
      const like = (pattern: string) => sql<SqlBool>`audit_log.detail like ${pattern} escape '\\'`
      const row = await db
        .selectFrom('audit_log')
        .select('seq')
        .where('seq', '>', forwarded.seq)
        .where('action', 'in', PLACEMENT_ANSWERS)
        .where((eb) =>
          forwarded.userId === null ? eb('actor_user_id', 'is', null) : eb('actor_user_id', '=', forwarded.userId),
        )
        .where((eb) =>
          eb.or([
            like(`%"forwardedEntry":${forwarded.seq},%`),
            ...(forwarded.idempotencyKey === null
              ? []
              : [like(`%"idempotencyKey":${literal(JSON.stringify(forwarded.idempotencyKey))}}`)]),
          ]),
        )
        .orderBy('seq')
        .limit(1)
        .executeTakeFirst()
      return row?.seq ?? null
    },
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
