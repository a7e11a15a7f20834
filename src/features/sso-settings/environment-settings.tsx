import type { SsoSettingsAnswer } from '@/api/contract/sso-settings-schemas'
import { defaultRoleWords, ROLE_WORDS } from './role-words'

/** CONSOLE_OIDC_* win over the page: shown as they are, and changed only where they are set. */
export function EnvironmentSettings({ settings }: { settings: SsoSettingsAnswer }) {
  const rows: [string, string][] = [
    ['Provider name', settings.providerName],
    ['Issuer URL', settings.issuer],
    ['Client id', settings.clientId],
    ['Client secret', 'Set from the environment'],
    ['Allowed email domains', settings.allowedDomains.join(', ')],
    ['Role claim', settings.roleClaim],
    [
      'Groups and roles',
      settings.roleMap.map(({ value, role }) => `${value} → ${ROLE_WORDS[role]}`).join(', ') || 'None mapped',
    ],
    ['Default role', defaultRoleWords(settings.defaultRole)],
  ]
  return (
    <section aria-labelledby="provider-title">
      <h3 id="provider-title" className="text-sm font-semibold">
        Provider
      </h3>
      <p className="mt-1 rounded border border-amber-300 bg-amber-50 p-2 text-sm dark:border-amber-700 dark:bg-amber-950">
        Set by the environment; change it there. The console’s CONSOLE_OIDC_* settings win over this page, and single
        sign-on is on while they are set.
      </p>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium">{term}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
