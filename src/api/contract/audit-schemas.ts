// The contract of the console's audit trail and of "Placed by": what the server records
// and serves, and what the Audit log page and the calls pages read.
import * as z from 'zod/mini'
import { isPlainText, PLAIN_TEXT_ERROR } from './call-query'
import { role } from './console-schemas'

/** Every kind of entry, named `<thing>.<what happened>`: the one list the server writes and the page filters by. */
export const AUDIT_ACTIONS = [
  'sign-in.succeeded',
  'sign-in.failed',
  // Written per refused attempt before issue 21; older trails still hold it.
  'sign-in.locked',
  'sign-in.address-throttled',
  'sign-in.address-blocked',
  'sign-in.account-locked',
  'sign-in.device-locked',
  'sign-out',
  'sso.signed-in',
  'sso.refused',
  // Before the service is asked (issue 49): its answer is the call.placed, call.replayed or call.refused naming it.
  'call.placement-forwarded',
  'call.placed',
  'call.replayed',
  'call.refused',
  'caller-id.verification-started',
  'recording.played',
  'recording.downloaded',
  'calls.export-started',
  'calls.exported',
  'usage.exported',
  'user.invited',
  'user.set-up',
  'user.role-changed',
  'user.deactivated',
  'user.reactivated',
  'user.password-set',
  'sessions.ended',
  // Alert channels (issue 23): a person's changes, each delivery attempt, and the console's own turning off.
  'user.invite-resent',
  'alert-channel.created',
  'alert-channel.changed',
  'alert-channel.deleted',
  'alert-channel.tested',
  'alert-channel.disabled',
  'alert-delivery.attempted',
  'request.forbidden',
  'request.cross-site-refused',
  'audit.exported',
  'audit.pruned',
  // Written once by migration 0029, which rewrote the entries before it to keyed hashes of their personal values.
  'audit.converted',
  // Written by `npm run console -- restore` into the trail it restored, after the entries the backup held.
  'store.restored',
  'alert-rule.created',
  'alert-rule.changed',
  'alert-rule.deleted',
  'call-list.imported',
  'call-list.paused',
  'call-list.resumed',
  'call-list.assigned',
  // Written by the console itself (no actor), once per firing.
  'alert.fired',
  // Integrations (issue 51): a person's changes to a destination, each delivery attempt, the console's turning off.
  'integration.created',
  'integration.changed',
  'integration.deleted',
  'integration.tested',
  'integration.disabled',
  'integration-delivery.attempted',
  // Callbacks (issue 51, item 3); the target is the call the callback came from.
  'callback.created',
  'callback.rescheduled',
  'callback.done',
  'callback.cancelled',
  // Issue 51: what follows a call, and the outcomes admins keep.
  'call.outcome-recorded',
  'call.note-saved',
  // A placement refused while the person's previous call has no outcome (CONSOLE_REQUIRE_OUTCOME); the target is
  // that previous call.
  'call.outcome-required-refused',
  'outcome-kind.created',
  'outcome-kind.changed',
  // Issue 52: the do-not-call list's changes, and each placement it refused (the target is the number).
  'do-not-call.added',
  'do-not-call.imported',
  'do-not-call.removed',
  'call.do-not-call-refused',
  // Issue 52: a placement refused outside the callee's calling hours, and an admin's one call allowed outside them
  // (the target is the number).
  'call.outside-calling-hours',
  'calling-hours.exception-allowed',
  'calling-hours.exception-used',
  // Issue 52, item 4: the daily prune of the console's own rows past their window, with counts per kind.
  'retention.pruned',
  // Issue 52: a recorded placement to a consent region, confirmed by the agent or refused without it (the target is
  // the number).
  'call.recording-consent-confirmed',
  'call.recording-consent-refused',
  // Issue 52: a number erased, and what the console holds about one exported; neither entry holds the number.
  'erasure.done',
  'subject-access.exported',
  // Issue 53, item 6: scorecards kept by admins, a call's score given or changed (the target is the call; the comment
  // only by its hash), and the scores exported.
  'scorecard.created',
  'scorecard.changed',
  'call.scored',
  'call.score-changed',
  'scores.exported',
  // Issue 53, item 4: a usage report by email subscribed to or stopped (the target is the person's email).
  'report.subscribed',
  'report.unsubscribed',
  // Issue 53: an admin stated what rate_per_minute_dc counts (unit and currency), with the one before and after.
  'usage.rate-unit-set',
  // Issue 53, item 7: single sign-on set from the page; the fields changed, never the client secret's value.
  'sso.settings-changed',
  'sso.secret-replaced',
] as const
const auditAction = z.enum(AUDIT_ACTIONS)

export type AuditAction = z.infer<typeof auditAction>

// Why an SSO sign-in was refused, in words the Audit log shows: what happened to the person, whatever the
// HTTP status of the redirect that told them (always a 302 to the sign-in page). The server keeps the code
// in an `sso.refused` entry's detail as `refused` (from issue 25); an older entry has only the free-text
// `reason`, from which the same code is read, so it renders the same way.

export const SSO_REFUSALS = [
  'another-domain',
  'no-email',
  'email-not-verified',
  'no-role',
  'account-deactivated',
  'email-taken',
  'state-mismatch',
  'expired',
  'cancelled',
  'token-rejected',
  'provider-unavailable',
] as const
export type SsoRefusal = (typeof SSO_REFUSALS)[number]

export function isSsoRefusal(value: unknown): value is SsoRefusal {
  return typeof value === 'string' && (SSO_REFUSALS as readonly string[]).includes(value)
}

/** The policy's and the account's reasons (sso-policy.ts, sso-account.ts), word for word. */
const BY_REASON: Record<string, SsoRefusal> = {
  'domain not allowed': 'another-domain',
  'no email': 'no-email',
  'email not verified': 'email-not-verified',
  'no role': 'no-role',
  'account deactivated': 'account-deactivated',
  'email taken by another SSO identity': 'email-taken',
  'email taken by another account': 'email-taken',
  'no sign-in under way in this browser, or it expired': 'expired',
}

/**
 * The refusal a recorded reason stands for. The provider's own failures are told apart by what the
 * console wrote: its cancel, its discovery, the `state` check; any other check of its answer (nonce,
 * PKCE, issuer, signature, expiry) is the answer being rejected.
 */
export function ssoRefusalOf(reason: unknown): SsoRefusal {
  const text = typeof reason === 'string' ? reason : ''
  const known = BY_REASON[text]
  if (known) return known
  if (/access_denied/.test(text)) return 'cancelled'
  if (/^discovery failed/.test(text)) return 'provider-unavailable'
  if (/\bstate\b/.test(text)) return 'state-mismatch'
  return 'token-rejected'
}

/** Who did it, as they were at the time: a later change of email or role does not rewrite history. */
const auditActor = z.object({ userId: z.string(), email: z.string(), role })
export type AuditActor = z.infer<typeof auditActor>

const auditEntry = z.object({
  seq: z.int().check(z.positive()),
  at: z.iso.datetime(),
  actor: z.nullable(auditActor),
  action: auditAction,
  /** What it was done to: a call id, a caller ID, an email, a route. */
  target: z.nullable(z.string()),
  /** The HTTP status the console answered with. */
  outcome: z.int(),
  ip: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
  detail: z.nullable(z.record(z.string(), z.unknown())),
  /**
   * A `call.placement-forwarded` entry's answer: the seq of the call.placed, call.replayed or call.refused that
   * answered its key (the retry's, after a crash), or null while none has: the call may exist at the service.
   */
  answeredBy: z.optional(z.nullable(z.int())),
})
export type AuditEntry = z.infer<typeof auditEntry>

export const auditPage = z.object({
  entries: z.array(auditEntry),
  /** Opaque; pass it back as `cursor` for the next (older) page. Null on the last page. */
  nextCursor: z.nullable(z.string()),
})
export type AuditPage = z.infer<typeof auditPage>

/** The filters of GET /api/console/audit and its CSV export; every one optional. */
export const auditQuery = z.object({
  /** A user id: entries where that person was the actor. */
  user: z.optional(z.string().check(z.maxLength(100), z.refine(isPlainText, { error: PLAIN_TEXT_ERROR }))),
  action: z.optional(auditAction),
  /** Any part of a call id, a phone number, a person's email or an action ("call placed"). */
  q: z.optional(z.string().check(z.maxLength(100), z.refine(isPlainText, { error: PLAIN_TEXT_ERROR }))),
  /** ISO 8601 instants: from included, to excluded. */
  from: z.optional(z.iso.datetime({ offset: true })),
  to: z.optional(z.iso.datetime({ offset: true })),
  cursor: z.optional(z.string().check(z.regex(/^[1-9][0-9]{0,15}$/))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200))),
})
export type AuditQuery = z.infer<typeof auditQuery>

/** Everyone who appears as an actor in the trail, for the Audit log's user filter. */
export const auditActors = z.object({ actors: z.array(z.object({ userId: z.string(), email: z.string() })) })
export type AuditActors = z.infer<typeof auditActors>

/** The console's own paths for the trail. */
export const AUDIT_PATHS = {
  page: '/audit',
  actors: '/audit/actors',
  /** Same filters as the page, every matching entry; the response is a CSV attachment. */
  export: '/audit/export.csv',
} as const
