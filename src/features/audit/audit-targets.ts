// Where an entry's target leads: its call's page, or the Users page for a person. Pure: the action
// says what the target is (a call id, an email), since a target of another action may look the same.
import type { AuditAction, AuditEntry } from '@/api/contract/audit-schemas'

type TargetKind = 'call' | 'person' | null

/**
 * What each action's target is. Every action is named, so a new one does not typecheck until it is placed here.
 * A person's target is their email; a sign-in's is whatever was typed, so it links nowhere.
 */
const TARGET_OF: Record<AuditAction, TargetKind> = {
  'call.placed': 'call',
  'call.replayed': 'call',
  'recording.played': 'call',
  'recording.downloaded': 'call',
  'user.invited': 'person',
  'user.invite-resent': 'person',
  'user.set-up': 'person',
  'user.role-changed': 'person',
  'user.deactivated': 'person',
  'user.reactivated': 'person',
  'user.password-set': 'person',
  'sessions.ended': 'person',
  'sign-in.succeeded': null,
  'sign-in.failed': null,
  'sign-in.locked': null,
  'sign-in.address-throttled': null,
  'sign-in.address-blocked': null,
  'sign-in.account-locked': null,
  'sign-in.device-locked': null,
  'sign-out': null,
  'sso.signed-in': null,
  'sso.refused': null,
  'call.refused': null,
  // A number: the call id is not known yet.
  'call.placement-forwarded': null,
  'caller-id.verification-started': null,
  'calls.export-started': null,
  'calls.exported': null,
  'usage.exported': null,
  'alert-channel.created': null,
  'alert-channel.changed': null,
  'alert-channel.deleted': null,
  'alert-channel.tested': null,
  'alert-channel.disabled': null,
  'alert-delivery.attempted': null,
  'request.forbidden': null,
  'request.cross-site-refused': null,
  'audit.exported': null,
  'audit.pruned': null,
  'audit.converted': null,
  'store.restored': null,
  'alert-rule.created': null,
  'alert-rule.changed': null,
  'alert-rule.deleted': null,
  'call-list.imported': null,
  'call-list.paused': null,
  'call-list.resumed': null,
  'call-list.assigned': null,
  'alert.fired': null,
  'integration.created': null,
  'integration.changed': null,
  'integration.deleted': null,
  'integration.tested': null,
  'integration.disabled': null,
  'integration-delivery.attempted': null,
  'callback.created': 'call',
  'callback.rescheduled': 'call',
  'callback.done': 'call',
  'callback.cancelled': 'call',
  'call.outcome-recorded': 'call',
  'call.note-saved': 'call',
  'call.outcome-required-refused': 'call',
  'outcome-kind.created': null,
  'outcome-kind.changed': null,
  'do-not-call.added': null,
  'do-not-call.imported': null,
  'do-not-call.removed': null,
  'call.do-not-call-refused': null,
  'call.outside-calling-hours': null,
  'calling-hours.exception-allowed': null,
  'calling-hours.exception-used': null,
  'retention.pruned': null,
  'call.recording-consent-confirmed': null,
  'call.recording-consent-refused': null,
  'erasure.done': null,
  'subject-access.exported': null,
  'scorecard.created': null,
  'scorecard.changed': null,
  'call.scored': 'call',
  'call.score-changed': 'call',
  'scores.exported': null,
  'report.subscribed': 'person',
  'report.unsubscribed': 'person',
  'usage.rate-unit-set': null,
  'sso.settings-changed': null,
  'sso.secret-replaced': null,
}

export type TargetLink = { kind: 'call'; callId: string } | { kind: 'person'; email: string } | null

export function targetLink(entry: Pick<AuditEntry, 'action' | 'target'>): TargetLink {
  if (!entry.target) return null
  const kind = TARGET_OF[entry.action]
  if (kind === 'call') return { kind, callId: entry.target }
  if (kind === 'person') return { kind, email: entry.target }
  return null
}
