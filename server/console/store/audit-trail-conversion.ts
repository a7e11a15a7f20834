// Migration 0029's conversion of a trail written before personal values were kept beside the chain (issue 52): each
// entry is rewritten as it would have been appended today (tokens in place of its personal values, the values in
// audit_personal_values), and the chain hashed again from the first entry kept, in the migration's one transaction.
// A head noted before (a log line, /metrics, the alert channel) names the old hashes: the `audit.converted` entry
// appended last names the old head, which `audit verify --head` accepts (head.ts).
import type { Kysely } from 'kysely'
import { canonicalJson, entryHash } from './audit-chain'
import { digitsOf, newPersonalKey, PERSONAL_KEY_NAME } from './audit-personal'
import { personalise } from './audit-personal-fields'
import type { AuditRow, ConsoleDatabase } from './schema'

const BATCH = 500

export interface Converted {
  entries: number
  oldHead: { seq: number; hash: string }
  newHead: { seq: number; hash: string }
}

/** Rewrites every entry in `tx` (a transaction no append overlaps); null when the trail is empty. */
export async function convertAuditTrail(tx: Kysely<ConsoleDatabase>, now: number): Promise<Converted | null> {
  const oldHead = await tx
    .selectFrom('audit_log')
    .select(['seq', 'hash'])
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!oldHead) return null
  await tx
    .insertInto('console_secrets')
    .values({ name: PERSONAL_KEY_NAME, value: newPersonalKey() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const { value: key } = await tx
    .selectFrom('console_secrets')
    .select('value')
    .where('name', '=', PERSONAL_KEY_NAME)
    .executeTakeFirstOrThrow()
  const destinationOfCall = async (callId: string) =>
    (await tx.selectFrom('indexed_calls').select('destination').where('call_id', '=', callId).executeTakeFirst())
      ?.destination ?? null

  // The guard refuses UPDATE; a prune's flag lets rows be removed, and each is written again with its new hash.
  await tx.updateTable('audit_guard').set({ prune_allowed: 1 }).where('id', '=', 1).execute()
  let previousHash: string | null = null
  let lastSeq = 0
  let entries = 0
  for (;;) {
    const rows = await tx
      .selectFrom('audit_log')
      .selectAll()
      .where('seq', '>', lastSeq)
      .orderBy('seq')
      .limit(BATCH)
      .execute()
    if (rows.length === 0) break
    const rewritten: AuditRow[] = []
    for (const row of rows) {
      const personal = await personalise(
        {
          seq: row.seq,
          target: row.target,
          detail: row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : null,
        },
        key,
        destinationOfCall,
      )
      if (personal.values.length > 0)
        await tx
          .insertInto('audit_personal_values')
          .values(personal.values.map((value) => ({ ...value, digits: digitsOf(value.value) })))
          .onConflict((oc) => oc.column('token').doNothing())
          .execute()
      // The first entry kept still follows the hash its start (or its retention checkpoint) names.
      const unsigned = {
        ...row,
        target: personal.target,
        detail: personal.detail,
        prev_hash: previousHash ?? row.prev_hash,
      }
      const { hash: _old, ...fields } = unsigned
      const hash = entryHash(fields)
      rewritten.push({ ...fields, hash })
      previousHash = hash
    }
    const first = rows[0]?.seq ?? 0
    lastSeq = rows.at(-1)?.seq ?? lastSeq
    await tx.deleteFrom('audit_log').where('seq', '>=', first).where('seq', '<=', lastSeq).execute()
    await tx.insertInto('audit_log').values(rewritten).execute()
    entries += rows.length
  }
  await tx.updateTable('audit_guard').set({ prune_allowed: 0 }).where('id', '=', 1).execute()

  const unsigned = {
    seq: oldHead.seq + 1,
    at: now,
    actor_user_id: null,
    actor_email: null,
    actor_role: null,
    action: 'audit.converted' as const,
    target: null,
    outcome: 200,
    ip: null,
    user_agent: null,
    detail: canonicalJson({
      entries,
      oldHead: { seq: oldHead.seq, hash: oldHead.hash },
      convertedHead: { seq: oldHead.seq, hash: previousHash },
    }),
    prev_hash: previousHash ?? oldHead.hash,
  }
  const converted = { ...unsigned, hash: entryHash(unsigned) }
  await tx.insertInto('audit_log').values(converted).execute()
  return { entries, oldHead, newHead: { seq: converted.seq, hash: converted.hash } }
}
