// Who may come in through SSO, and with which role: pure functions of the provider's
// claims and the configured policy, so every rule is tested without a provider.
import { ROLES, type Role } from '../../../../src/api/contract/console-schemas'

export interface SsoPolicy {
  /** Lower-case domains, e.g. `acme.com`: an email elsewhere is refused. */
  allowedDomains: readonly string[]
  /** The claim whose values map to roles, e.g. `groups`. */
  roleClaim: string
  /** Claim value -> role, e.g. `voice-admins` -> admin. */
  roleMap: ReadonlyMap<string, Role>
  /** For someone the map does not place; null refuses them. */
  defaultRole: Role | null
}

export type SsoDecision =
  | { allowed: true; email: string; role: Role }
  | { allowed: false; reason: 'no email' | 'email not verified' | 'domain not allowed' | 'no role' }

// Higher wins when a person is in several mapped groups.
const RANK: Record<Role, number> = { support: 0, manager: 1, admin: 2 }

/** `voice-admins=admin,voice-support=support` -> a map; throws a sentence naming the bad entry. */
export function parseRoleMap(text: string): Map<string, Role> {
  const map = new Map<string, Role>()
  for (const entry of text.split(',').map((part) => part.trim())) {
    if (!entry) continue
    const at = entry.lastIndexOf('=')
    const value = entry.slice(0, at).trim()
    const role = entry.slice(at + 1).trim()
    if (at <= 0 || !value) throw new Error(`"${entry}" is not claim-value=role`)
    if (!(ROLES as readonly string[]).includes(role))
      throw new Error(`"${entry}" names no role (use ${ROLES.join(', ')})`)
    map.set(value, role as Role)
  }
  return map
}

/** `Acme.com, @example.org` -> ['acme.com', 'example.org']; throws on something that is no domain. */
export function parseDomains(text: string): string[] {
  const domains = text
    .split(',')
    .map((part) => part.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean)
  const bad = domains.find((domain) => !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain))
  if (bad) throw new Error(`"${bad}" is not a domain`)
  return domains
}

const claimValues = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []

export function decideSsoAccess(claims: Record<string, unknown>, policy: SsoPolicy): SsoDecision {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : ''
  if (!email.includes('@')) return { allowed: false, reason: 'no email' }
  // Absent is accepted (Entra sends none); an explicit false is a provider saying "unproven".
  if (claims.email_verified === false || claims.email_verified === 'false')
    return { allowed: false, reason: 'email not verified' }
  const domain = email.slice(email.lastIndexOf('@') + 1)
  if (!policy.allowedDomains.includes(domain)) return { allowed: false, reason: 'domain not allowed' }
  const mapped = claimValues(claims[policy.roleClaim])
    .map((value) => policy.roleMap.get(value))
    .filter((role): role is Role => role !== undefined)
  const role = mapped.sort((a, b) => RANK[b] - RANK[a])[0] ?? policy.defaultRole
  if (!role) return { allowed: false, reason: 'no role' }
  return { allowed: true, email, role }
}
