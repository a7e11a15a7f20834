// How the trail's codes read to a person: each action, a missing actor, and an HTTP outcome.
import type { AuditAction } from '@/api/audit-schemas'
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
  'call.placed': 'Call placed',
  'call.replayed': 'Call request repeated',
  'call.refused': 'Call not placed',
  'caller-id.verification-started': 'Caller ID verification started',
  'recording.played': 'Recording played',
  'recording.downloaded': 'Recording downloaded',
  'calls.exported': 'Calls exported',
  'usage.exported': 'Usage breakdown exported',
  'user.invited': 'Person invited',
  'user.set-up': 'Person set up their account',
  'user.role-changed': 'Role changed',
  'user.deactivated': 'Person deactivated',
  'user.reactivated': 'Person reactivated',
  'user.password-set': 'Password set',
  'sessions.ended': 'Sessions ended',
  'request.forbidden': 'Request refused for the role',
  'request.cross-site-refused': 'Cross-site request refused',
  'audit.exported': 'Audit log exported',
  'audit.pruned': 'Old entries removed',
  'alert-rule.created': 'Alert rule added',
  'alert-rule.changed': 'Alert rule changed',
  'alert-rule.deleted': 'Alert rule deleted',
  'alert.fired': 'Alert fired',
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
  if (action === 'audit.pruned' || action.startsWith('alert')) return 'The console'
  return 'Unknown'
}

const STATUS_WORDS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'Done',
  206: 'Partial',
  400: 'Invalid',
  401: 'Not signed in',
  403: 'Refused',
  404: 'Not found',
  409: 'Conflict',
  422: 'Invalid',
  423: 'Locked',
  429: 'Too many attempts',
}

/** "403 Refused": the status with a word, so the column reads without knowing HTTP. */
export function outcomeLabel(status: number): string {
  const word =
    STATUS_WORDS[status] ??
    (status >= 500 ? 'Failed' : status >= 400 ? 'Refused' : status >= 200 && status < 400 ? 'OK' : 'Unknown')
  return `${status} ${word}`
}

export function outcomeTone(status: number): BadgeTone {
  if (status >= 500) return 'danger'
  if (status >= 400) return 'warning'
  return 'success'
}
