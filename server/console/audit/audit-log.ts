// Appends to the audit trail in order: within this process a queue orders the writes, and each runs
// in the store's serial transaction (SQLite: IMMEDIATE; PostgreSQL: an advisory lock) that reads the
// head it chains to, so another process (a second console instance, the CLI's prune) waits instead of
// forking the chain.
import type { AuditAction, AuditActor } from '../../../src/api/contract/audit-schemas'
import type { ConsoleStore } from '../store'
import { entryHash, GENESIS_HASH } from '../store/audit-chain'
import { personalise } from '../store/audit-personal-fields'
import type { ConsoleDb } from '../store/database'
import type { AuditRow } from '../store/schema'

export interface AuditEvent {
  actor: AuditActor | null
  action: AuditAction
  target?: string | null
  /** The HTTP status answered. */
  outcome: number
  ip?: string | null
  userAgent?: string | null
  /** Kept for admins only; never sent to the person who caused the entry. */
  detail?: Record<string, unknown> | null
}

// A user agent is attacker-chosen text: keep enough to read, not a megabyte.
const MAX_TEXT = 512
const clip = (value: string | null | undefined) => (value == null ? null : value.slice(0, MAX_TEXT))

export function createAuditLog(store: ConsoleStore, now: () => number = Date.now) {
  let tail: Promise<unknown> = Promise.resolve()
  /** Runs `work` after every write queued before it; a failed write does not stop the queue. */
  const queued = <T>(work: () => Promise<T>): Promise<T> => {
    const result = tail.then(work)
    tail = result.catch(() => {})
    return result
  }

  /**
   * Appends after `head`, the entry last written in this transaction (or the trail's head). Its personal values are
   * kept beside it and its hash covers their tokens (personal-fields.ts), keyed by `key`.
   */
  const append = async (
    tx: ConsoleDb,
    event: AuditEvent,
    head: Pick<AuditRow, 'seq' | 'hash'> | undefined,
    key: string,
  ): Promise<AuditRow> => {
    const seq = (head?.seq ?? 0) + 1
    const personal = await personalise(
      { seq, target: clip(event.target), detail: event.detail ?? null },
      key,
      (callId) => store.auditPersonal.destinationOfCall(tx, callId),
    )
    const unsigned = {
      seq,
      at: now(),
      actor_user_id: event.actor?.userId ?? null,
      actor_email: event.actor?.email ?? null,
      actor_role: event.actor?.role ?? null,
      action: event.action,
      target: personal.target,
      outcome: event.outcome,
      ip: clip(event.ip),
      user_agent: clip(event.userAgent),
      detail: personal.detail,
      prev_hash: head?.hash ?? GENESIS_HASH,
    }
    const row = { ...unsigned, hash: entryHash(unsigned) }
    await store.audit.insert(tx, row)
    await store.auditPersonal.insert(tx, personal.values)
    return row
  }

  // Group commit: appends that arrive while a transaction runs are written together in the next
  // one, in arrival order. One writer pays one transaction per entry; twenty pay far less each.
  let pending: { event: AuditEvent; resolve: (row: AuditRow) => void; reject: (error: unknown) => void }[] = []
  const writeBatch = async () => {
    const batch = pending
    pending = []
    try {
      const key = await store.auditPersonal.key()
      const rows = await store.adapter.serialTransaction(store.db, async (tx) => {
        let head: Pick<AuditRow, 'seq' | 'hash'> | undefined = await store.audit.head(tx)
        const written: AuditRow[] = []
        for (const { event } of batch) {
          const row = await append(tx, event, head, key)
          written.push(row)
          head = row
        }
        return written
      })
      for (const [index, { resolve }] of batch.entries()) resolve(rows[index] as AuditRow)
    } catch (error) {
      for (const { reject } of batch) reject(error)
    }
  }

  return {
    /** Resolves once the entry is committed. */
    record: (event: AuditEvent): Promise<AuditRow> =>
      new Promise((resolve, reject) => {
        pending.push({ event, resolve, reject })
        if (pending.length === 1) void queued(writeBatch)
      }),

    /**
     * Removes entries written before `beforeMs` and appends a checkpoint naming the first entry
     * kept and the hash it continues from, so `audit verify` still checks from there.
     */
    prune: (beforeMs: number, actor: AuditActor | null = null): Promise<{ removed: number }> =>
      queued(async () => {
        const key = await store.auditPersonal.key()
        return store.adapter.serialTransaction(store.db, async (tx) => {
          const throughSeq = await store.audit.lastSeqBefore(tx, beforeMs)
          if (throughSeq === undefined) return { removed: 0 }
          const head = await store.audit.head(tx)
          const last = await store.audit.bySeq(tx, throughSeq)
          const removed = await store.audit.deleteThrough(tx, throughSeq)
          await store.auditPersonal.deleteThrough(tx, throughSeq)
          // The head itself may be gone: the checkpoint still follows it.
          await append(
            tx,
            {
              actor,
              action: 'audit.pruned',
              target: null,
              outcome: 200,
              detail: {
                removed,
                before: new Date(beforeMs).toISOString(),
                firstKeptSeq: throughSeq + 1,
                continuesFrom: last?.hash ?? null,
              },
            },
            head,
            key,
          )
          return { removed }
        })
      }),
  }
}

export type AuditLog = ReturnType<typeof createAuditLog>
