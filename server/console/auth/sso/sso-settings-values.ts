// The page-set setting between its row and its answer: the policy it gives sign-ins, and what the page is shown
// (never the secret: only whether one is set).
import type { Role } from '../../../../src/api/contract/console-schemas'
import type { RoleMapping, SsoSettingsAnswer } from '../../../../src/api/contract/sso-settings-schemas'
import type { SsoConfig } from '../../config'
import type { SsoSettingsRow } from '../../store/schema'
import type { SsoPolicy } from './sso-policy'

const roleMapOf = (row: Pick<SsoSettingsRow, 'role_map'>): RoleMapping[] => JSON.parse(row.role_map)
const domainsOf = (row: Pick<SsoSettingsRow, 'allowed_domains'>): string[] =>
  row.allowed_domains ? row.allowed_domains.split(',') : []

export function pageSsoPolicy(row: SsoSettingsRow): SsoPolicy {
  return {
    allowedDomains: domainsOf(row),
    roleClaim: row.role_claim,
    roleMap: new Map(roleMapOf(row).map(({ value, role }) => [value, role])),
    defaultRole: row.default_role as Role | null,
  }
}

type Answer = Omit<SsoSettingsAnswer, 'callbackUrl'>

/** Before anyone saved one: off, with the environment's defaults. */
const NO_PAGE_SETTINGS: Answer = {
  source: 'page',
  enabled: false,
  issuer: '',
  clientId: '',
  clientSecret: 'not set',
  providerName: 'SSO',
  allowedDomains: [],
  roleClaim: 'groups',
  roleMap: [],
  defaultRole: null,
  updatedAt: null,
  updatedBy: null,
}

export function answerOfRow(row: SsoSettingsRow | undefined): Answer {
  if (!row) return NO_PAGE_SETTINGS
  return {
    source: 'page',
    enabled: row.enabled === 1,
    issuer: row.issuer,
    clientId: row.client_id,
    clientSecret: row.client_secret_sealed ? 'set' : 'not set',
    providerName: row.provider_name,
    allowedDomains: domainsOf(row),
    roleClaim: row.role_claim,
    roleMap: roleMapOf(row),
    defaultRole: row.default_role as Role | null,
    updatedAt: new Date(Number(row.updated_at)).toISOString(),
    updatedBy: row.updated_by,
  }
}

export function answerOfEnvironment(config: SsoConfig): Answer {
  return {
    source: 'environment',
    enabled: true,
    issuer: config.issuer.href,
    clientId: config.clientId,
    clientSecret: 'set',
    providerName: config.providerName,
    allowedDomains: [...config.allowedDomains],
    roleClaim: config.roleClaim,
    roleMap: [...config.roleMap].map(([value, role]) => ({ value, role })),
    defaultRole: config.defaultRole,
    updatedAt: null,
    updatedBy: null,
  }
}
