// What a saved setting must hold beyond its shape (the contract's schema): an issuer the console may reach, domains
// that are domains, groups named once, and, to be turned on, everything a sign-in needs. Pure: the routes check the
// issuer's address after it.
import type { SsoSettingsInput } from '../../../../src/api/contract/sso-settings-schemas'
import { checkIssuerUrl } from './issuer-url'
import { parseDomains } from './sso-policy'

export interface FieldError {
  field: string
  message: string
}

export interface CheckedSettings {
  issuer: string
  allowedDomains: string[]
}

/** The setting as it will be stored, or every field's problem at once. `secretSet`: one is stored already. */
export function checkSsoSettings(
  input: SsoSettingsInput,
  secretSet: boolean,
): { ok: true; value: CheckedSettings } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = []
  let issuer = ''
  if (input.issuer) {
    const checked = checkIssuerUrl(input.issuer)
    if (checked.ok) issuer = checked.url.href.replace(/\/$/, '')
    else errors.push({ field: 'issuer', message: checked.message })
  }
  let allowedDomains: string[] = []
  try {
    allowedDomains = [...new Set(parseDomains(input.allowedDomains.join(',')))]
  } catch (error) {
    errors.push({ field: 'allowedDomains', message: `${(error as Error).message}: write a domain such as acme.com.` })
  }
  const seen = new Set<string>()
  input.roleMap.forEach(({ value }, index) => {
    if (seen.has(value))
      errors.push({ field: `roleMap.${index}.value`, message: `“${value}” is mapped twice: keep one role for it.` })
    seen.add(value)
  })
  if (input.enabled) {
    if (!input.issuer) errors.push({ field: 'issuer', message: 'Enter the issuer URL to turn single sign-on on.' })
    if (!input.clientId) errors.push({ field: 'clientId', message: 'Enter the client id to turn single sign-on on.' })
    if (!input.clientSecret && !secretSet)
      errors.push({ field: 'clientSecret', message: 'Enter the client secret to turn single sign-on on.' })
    if (input.allowedDomains.length === 0)
      errors.push({
        field: 'allowedDomains',
        message: 'Allow at least one email domain: only people with those emails may sign in.',
      })
    if (input.roleMap.length === 0 && !input.defaultRole)
      errors.push({
        field: 'roleMap',
        message: 'Map at least one group to a role, or choose a default role: otherwise nobody could sign in.',
      })
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: { issuer, allowedDomains } }
}
