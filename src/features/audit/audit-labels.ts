// How the trail's codes read to a person: each action, a missing actor, and an entry's outcome. The words of actions
// and statuses are the contract's (audit-words.ts), which the console's CSV export says too.
import {
  type AuditAction,
  type AuditEntry,
  isSsoRefusal,
  type SsoRefusal,
  ssoRefusalOf,
} from '@/api/contract/audit-schemas'
import { AUDIT_ACTION_LABELS, auditStatusWord } from '@/api/contract/audit-words'
import type { BadgeTone } from '@/components/ui/badge'

export { AUDIT_ACTION_LABELS }

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

/** "Refused": the status in a word, so the column reads without knowing HTTP (the number is the badge's tooltip). */
export const outcomeLabel = auditStatusWord

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
