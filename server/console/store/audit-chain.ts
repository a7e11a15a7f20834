// The hash chain: each entry's hash covers the hash before it and every stored field, in a
// fixed order, as canonical JSON. Changing, removing or reordering one entry breaks it.
import { createHash } from 'node:crypto'
import type { AuditRow } from './schema'

export const GENESIS_HASH = '0'.repeat(64)

/** JSON with object keys sorted at every depth: one text for one value, whatever the key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  )
}

export function entryHash(row: Omit<AuditRow, 'hash'>): string {
  const fields = [
    row.prev_hash,
    row.seq,
    row.at,
    row.actor_user_id,
    row.actor_email,
    row.actor_role,
    row.action,
    row.target,
    row.outcome,
    row.ip,
    row.user_agent,
    row.detail,
  ]
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex')
}
