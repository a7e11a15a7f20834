// A stored audit row as the contract's AuditEntry: ISO time, actor object, parsed detail.
import type { AuditEntry } from '../../../src/api/contract/audit-schemas'
import type { AuditRow } from '../store/schema'

export function auditEntryOf(row: AuditRow): AuditEntry {
  return {
    seq: row.seq,
    at: new Date(row.at).toISOString(),
    actor:
      row.actor_user_id && row.actor_email && row.actor_role
        ? { userId: row.actor_user_id, email: row.actor_email, role: row.actor_role }
        : null,
    action: row.action,
    target: row.target,
    outcome: row.outcome,
    ip: row.ip,
    userAgent: row.user_agent,
    detail: row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : null,
  }
}

/** The export's header in words, a column per fact; the action and outcome as the trail keeps them. */
export const AUDIT_CSV_HEADER = [
  'Entry number',
  'Time (UTC)',
  'Actor email',
  'Actor role',
  'Actor account id',
  'Action (code)',
  'Target',
  'Outcome (HTTP status)',
  'IP address',
  'User agent',
  'Detail (JSON)',
  'Hash',
] as const

export const auditCsvValues = (row: AuditRow) => [
  row.seq,
  new Date(row.at).toISOString(),
  row.actor_email,
  row.actor_role,
  row.actor_user_id,
  row.action,
  row.target,
  row.outcome,
  row.ip,
  row.user_agent,
  row.detail,
  row.hash,
]
