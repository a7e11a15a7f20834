// How the trail's codes read to a person: each action, a missing actor, and an entry's outcome.
import {
  type AuditAction,
  type AuditEntry,
  isSsoRefusal,
  type SsoRefusal,
  ssoRefusalOf,
} from '@/api/contract/audit-schemas'
import type { BadgeTone } from '@/components/ui/badge'

/** One label per action; a Record, so a new action in the contract fails the typecheck until it has one. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'sign-in.succeeded': 'Signed in',
  'sign-in.failed': 'Sign-in failed',
  'sign-in.locked': 'Sign-in locked out',
  'sign-in.address-throttled': 'Sign-ins slowed for an address',
  'sign-in.address-blocked': 'Sign-ins blocked for an address',
  'sign-in.account-locked': 'Account locked for unknown browsers',
  'sign-in.device-locked': 'Browser no longer trusted for sign-in',
  'sign-out': 'Signed out',
  'sso.signed-in': 'Signed in with SSO',
  'sso.refused': 'SSO sign-in refused',
  'call.placement-forwarded': 'Call sent to the voice service',
  'call.placed': 'Call placed',
  'call.replayed': 'Call request repeated',
  'call.refused': 'Call not placed',
  'caller-id.verification-started': 'Caller ID verification started',
  'recording.played': 'Recording played',
  'recording.downloaded': 'Recording downloaded',
  'calls.export-started': 'Calls export started',
  'calls.exported': 'Calls exported',
  'usage.exported': 'Usage breakdown exported',
  'user.invited': 'Person invited',
  'user.set-up': 'Person set up their account',
  'user.role-changed': 'Role changed',
  'user.deactivated': 'Person deactivated',
  'user.reactivated': 'Person reactivated',
  'user.password-set': 'Password set',
  'sessions.ended': 'Sessions ended',
  'user.invite-resent': 'Invite sent again',
  'alert-channel.created': 'Alert channel added',
  'alert-channel.changed': 'Alert channel changed',
  'alert-channel.deleted': 'Alert channel deleted',
  'alert-channel.tested': 'Alert channel tested',
  'alert-channel.disabled': 'Alert channel turned off by the console',
  'alert-delivery.attempted': 'Alert delivery attempted',
  'request.forbidden': 'Request refused for the role',
  'request.cross-site-refused': 'Cross-site request refused',
  'audit.exported': 'Audit log exported',
  'audit.pruned': 'Old entries removed',
  'audit.converted': 'Entries converted to erasable values',
  'store.restored': 'Restored from a backup',
  'alert-rule.created': 'Alert rule added',
  'alert-rule.changed': 'Alert rule changed',
  'alert-rule.deleted': 'Alert rule deleted',
  'call-list.imported': 'Call list imported',
  'call-list.paused': 'Call list paused',
  'call-list.resumed': 'Call list resumed',
  'call-list.assigned': 'Call list assigned',
  'alert.fired': 'Alert fired',
  'integration.created': 'Integration added',
  'integration.changed': 'Integration changed',
  'integration.deleted': 'Integration deleted',
  'integration.tested': 'Integration tested',
  'integration.disabled': 'Integration turned off by the console',
  'integration-delivery.attempted': 'Integration delivery attempted',
  'callback.created': 'Callback asked for',
  'callback.rescheduled': 'Callback moved',
  'callback.done': 'Callback done',
  'callback.cancelled': 'Callback cancelled',
  'call.outcome-recorded': 'Call outcome recorded',
  'call.note-saved': 'Call note saved',
  'call.outcome-required-refused': 'Call refused until the last one has an outcome',
  'outcome-kind.created': 'Outcome added',
  'outcome-kind.changed': 'Outcome changed',
  'do-not-call.added': 'Number put on the do-not-call list',
  'do-not-call.imported': 'Do-not-call numbers imported',
  'do-not-call.removed': 'Number taken off the do-not-call list',
  'call.do-not-call-refused': 'Call to a do-not-call number refused',
  'call.outside-calling-hours': 'Call refused outside calling hours',
  'calling-hours.exception-allowed': 'Call allowed outside calling hours',
  'calling-hours.exception-used': 'Call placed outside calling hours',
  'retention.pruned': 'Records past their retention removed',
  'call.recording-consent-confirmed': 'Consent to recording confirmed',
  'call.recording-consent-refused': 'Recorded call refused without consent',
  'erasure.done': 'Number erased',
  'subject-access.exported': 'Data held about a number exported',
  'scorecard.created': 'Scorecard created',
  'scorecard.changed': 'Scorecard changed',
  'call.scored': 'Call scored',
  'call.score-changed': 'Call score changed',
  'scores.exported': 'Call scores exported',
  'report.subscribed': 'Usage report by email subscribed',
  'report.unsubscribed': 'Usage report by email stopped',
  'usage.rate-unit-set': 'Unit of the rate per minute set',
  'sso.settings-changed': 'Single sign-on settings changed',
  'sso.secret-replaced': 'Single sign-on client secret replaced',
}

/** The actions in the order of their labels, for the filter's options. */
export const AUDIT_ACTION_OPTIONS = (Object.entries(AUDIT_ACTION_LABELS) as [AuditAction, string][])
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label))

/**
 * Who did it when the entry names nobody: an attempt before anyone is signed in, the console's
 * own housekeeping (pruning from the command line), or a request whose sender is not known.
 */
export function actorlessLabel(action: AuditAction, detail?: Record<string, unknown> | null): string {
  // The server's command line (`npm run console -- users …`) records its changes with via: 'cli'.
  if (detail?.via === 'cli') return 'Command line'
  if (action.startsWith('sign-in.') || action === 'sso.refused') return 'Not signed in'
  if (
    action === 'audit.pruned' ||
    action === 'audit.converted' ||
    action === 'retention.pruned' ||
    action.startsWith('alert')
  )
    return 'The console'
  return 'Unknown'
}

const STATUS_WORDS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'Done',
  206: 'Partly done',
  400: 'Invalid',
  401: 'Not signed in',
  403: 'Refused',
  404: 'Not found',
  409: 'Conflict',
  422: 'Invalid',
  423: 'Locked',
  429: 'Too many attempts',
}

/** "Refused": the status in a word, so the column reads without knowing HTTP (the number is the badge's tooltip). */
export function outcomeLabel(status: number): string {
  const word =
    STATUS_WORDS[status] ??
    (status >= 500 ? 'Failed' : status >= 400 ? 'Refused' : status >= 200 && status < 400 ? 'OK' : 'Unknown')
  return word
}

export function outcomeTone(status: number): BadgeTone {
  if (status >= 500) return 'danger'
  if (status >= 400) return 'warning'
  return 'success'
}

/** What an SSO refusal did to the person: the sign-in page told them no, for this reason. */
const SSO_REFUSAL_OUTCOMES: Record<SsoRefusal, { label: string; tone: BadgeTone }> = {
  'another-domain': { label: 'Refused: another domain', tone: 'danger' },
  'no-email': { label: 'Refused: no email from the provider', tone: 'danger' },
  'email-not-verified': { label: 'Refused: email not verified', tone: 'danger' },
  'no-role': { label: 'Refused: no group with a role', tone: 'danger' },
  'account-deactivated': { label: 'Refused: account deactivated', tone: 'danger' },
  'email-taken': { label: 'Refused: email used by another account', tone: 'danger' },
  'state-mismatch': { label: 'Refused: tampered or wrong state', tone: 'danger' },
  expired: { label: 'Refused: sign-in expired', tone: 'danger' },
  cancelled: { label: 'Not signed in: cancelled at the provider', tone: 'neutral' },
  'token-rejected': { label: 'Refused: provider’s answer failed checks', tone: 'danger' },
  'provider-unavailable': { label: 'Not signed in: provider unreachable', tone: 'danger' },
}

/**
 * What happened, as the outcome column says it. Mostly the HTTP status the console answered; a placement sent to the
 * voice service says whether its answer was recorded (none: the console stopped first, or it is still awaited); an SSO
 * sign-in answers every person with a 302 redirect, so its entries say what the redirect told them
 * ("Refused: another domain"), read from `refused`, or from `reason` in entries written before it.
 */
export function entryOutcome(entry: Pick<AuditEntry, 'action' | 'outcome' | 'detail' | 'answeredBy'>): {
  label: string
  tone: BadgeTone
} {
  // Its own status is 102 (no answer yet); what matters is whether an answer followed (the server says which).
  if (entry.action === 'call.placement-forwarded')
    return typeof entry.answeredBy === 'number'
      ? { label: `Answered in entry ${entry.answeredBy}`, tone: 'neutral' }
      : { label: 'Answer unknown: the call may exist', tone: 'warning' }
  // The console gave up waiting (504): the service may have placed the call all the same.
  if (entry.action === 'call.refused' && entry.outcome === 504)
    return { label: 'Answer unknown: the call may exist', tone: 'warning' }
  if (entry.action === 'sso.refused') {
    const refused = entry.detail?.refused
    return SSO_REFUSAL_OUTCOMES[isSsoRefusal(refused) ? refused : ssoRefusalOf(entry.detail?.reason)]
  }
  if (entry.action === 'sso.signed-in') return { label: 'Signed in', tone: 'success' }
  return { label: outcomeLabel(entry.outcome), tone: outcomeTone(entry.outcome) }
}
