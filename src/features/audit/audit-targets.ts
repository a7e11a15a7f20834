// Where an entry's target leads: its call's page, or the Users page for a person. Pure: the action
// says what the target is (a call id, an email), since a target of another action may look the same.
import type { AuditAction, AuditEntry } from '@/api/contract/audit-schemas'

const CALL_TARGETS: ReadonlySet<AuditAction> = new Set([
  'call.placed',
  'call.replayed',
  'recording.played',
  'recording.downloaded',
])
/** Changes to a person's account, whose target is their email (a sign-in's is whatever was typed). */
const PERSON_TARGETS: ReadonlySet<AuditAction> = new Set([
  'user.invited',
  'user.invite-resent',
  'user.set-up',
  'user.role-changed',
  'user.deactivated',
  'user.reactivated',
  'user.password-set',
  'sessions.ended',
])

export type TargetLink = { kind: 'call'; callId: string } | { kind: 'person'; email: string } | null

export function targetLink(entry: Pick<AuditEntry, 'action' | 'target'>): TargetLink {
  if (!entry.target) return null
  if (CALL_TARGETS.has(entry.action)) return { kind: 'call', callId: entry.target }
  if (PERSON_TARGETS.has(entry.action)) return { kind: 'person', email: entry.target }
  return null
}
