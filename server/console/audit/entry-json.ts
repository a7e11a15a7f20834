// A stored audit row as the contract's AuditEntry: ISO time, actor object, parsed detail.
import type { AuditEntry } from '../../../src/api/contract/audit-schemas'
import { AUDIT_ACTION_LABELS, auditStatusWord } from '../../../src/api/contract/audit-words'
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

/**
 * The export's header in words, a column per fact: the action and the outcome in words as the Audit log page says
 * them, each beside the code the trail keeps (what the hash covers).
 */
export const AUDIT_CSV_HEADER = [
  'Entry number',
  'Time (UTC)',
  'Actor email',
  'Actor role',
  'Actor account id',
  'Action',
  'Action (code)',
  'Target',
  'Outcome',
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
  // An action of a newer release, read by an older one, has no words here yet: its code stands for them.
  AUDIT_ACTION_LABELS[row.action] ?? row.action,
  row.action,
  row.target,
  auditStatusWord(row.outcome),
  row.outcome,
  row.ip,
  row.user_agent,
  row.detail,
  row.hash,
]
