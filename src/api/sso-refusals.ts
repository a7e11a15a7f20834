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
