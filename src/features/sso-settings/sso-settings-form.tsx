import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { isApiError } from '@/api/client'
import { ROLES, type Role } from '@/api/contract/console-schemas'
import type { SsoSettingsAnswer, SsoSettingsInput } from '@/api/contract/sso-settings-schemas'
import { saveSsoSettings, ssoSettingsQueries, testSsoSettings } from '@/api/sso-settings'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FormError } from '@/components/ui/form-error'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { errorText } from '@/lib/error-text'
import { RoleMapEditor } from './role-map-editor'
import { defaultRoleWords } from './role-words'
import { TestResult } from './test-result'

const domainsOf = (text: string) =>
  text
    .split(/[,\s]+/)
    .map((domain) => domain.trim())
    .filter(Boolean)

/** The page-set provider: every field, Test (nothing saved) and Save; the secret is typed only to replace it. */
export function SsoSettingsForm({ settings }: { settings: SsoSettingsAnswer }) {
  const queryClient = useQueryClient()
  const [enabled, setEnabled] = useState(settings.enabled)
  const [providerName, setProviderName] = useState(settings.providerName)
  const [issuer, setIssuer] = useState(settings.issuer)
  const [clientId, setClientId] = useState(settings.clientId)
  const [clientSecret, setClientSecret] = useState('')
  const [domains, setDomains] = useState(settings.allowedDomains.join(', '))
  const [roleClaim, setRoleClaim] = useState(settings.roleClaim)
  const [roleMap, setRoleMap] = useState(settings.roleMap)
  const [defaultRole, setDefaultRole] = useState<Role | null>(settings.defaultRole)
  const [saved, setSaved] = useState('')

  const input = (): SsoSettingsInput => ({
    enabled,
    issuer,
    clientId,
    clientSecret: clientSecret.trim() ? clientSecret : undefined,
    providerName,
    allowedDomains: domainsOf(domains),
    roleClaim,
    roleMap,
    defaultRole,
  })
  const save = useMutation({
    mutationFn: saveSsoSettings,
    onMutate: () => setSaved(''),
    onSuccess: (answer) => {
      setSaved(answer.enabled ? 'Saved. Single sign-on is on.' : 'Saved. Single sign-on is off.')
      // Written once: the field empties, and its hint now says one is set.
      setClientSecret('')
      queryClient.setQueryData(ssoSettingsQueries.current().queryKey, answer)
    },
  })
  const test = useMutation({ mutationFn: testSsoSettings })
  const errors = isApiError(save.error) ? save.error.fieldErrors : {}
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(input())
  }

  return (
    <section aria-labelledby="provider-title">
      <h3 id="provider-title" className="text-sm font-semibold">
        Provider
      </h3>
      <form onSubmit={submit} className="mt-3 space-y-4" aria-labelledby="provider-title" noValidate>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
          Offer “Sign in with {providerName.trim() || 'SSO'}” on the sign-in page
        </label>
        <div className="grid gap-4 md:grid-cols-2">
          <Field label="Provider name" hint="On the sign-in button." error={errors.providerName}>
            {(control) => <Input {...control} value={providerName} onChange={(e) => setProviderName(e.target.value)} />}
          </Field>
          <Field
            label="Issuer URL"
            hint="The provider’s issuer, such as https://login.example.com/realms/acme."
            error={errors.issuer}
          >
            {(control) => <Input {...control} type="url" value={issuer} onChange={(e) => setIssuer(e.target.value)} />}
          </Field>
          <Field label="Client id" error={errors.clientId}>
            {(control) => <Input {...control} value={clientId} onChange={(e) => setClientId(e.target.value)} />}
          </Field>
          <Field
            label="Client secret"
            hint={
              settings.clientSecret === 'set'
                ? 'Set. It is never shown again: type a new one only to replace it.'
                : 'Not set. Once saved it is never shown again.'
            }
            error={errors.clientSecret}
          >
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="new-password"
                value={clientSecret}
                onChange={(e) => setClientSecret(e.target.value)}
              />
            )}
          </Field>
          <Field
            label="Allowed email domains"
            hint="Comma-separated, such as acme.com: only these emails may sign in."
            error={errors.allowedDomains}
          >
            {(control) => <Input {...control} value={domains} onChange={(e) => setDomains(e.target.value)} />}
          </Field>
          <Field
            label="Role claim"
            hint="The ID token’s claim that lists the person’s groups."
            error={errors.roleClaim}
          >
            {(control) => <Input {...control} value={roleClaim} onChange={(e) => setRoleClaim(e.target.value)} />}
          </Field>
        </div>
        <RoleMapEditor rows={roleMap} onChange={setRoleMap} errors={errors} />
        <Field label="Default role" hint="For someone no mapped group places.">
          {(control) => (
            <Select
              {...control}
              value={defaultRole ?? ''}
              onChange={(e) => setDefaultRole(e.target.value === '' ? null : (e.target.value as Role))}
            >
              {[null, ...ROLES].map((role) => (
                <option key={role ?? 'none'} value={role ?? ''}>
                  {defaultRoleWords(role)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {save.isError && <FormError>Not saved: {errorText(save.error)}</FormError>}
        {test.isError && <FormError>Could not test: {errorText(test.error)}</FormError>}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={test.isPending || issuer.trim() === ''}
            onClick={() => {
              const { issuer: typed, clientId: id, clientSecret: secret } = input()
              test.mutate({ issuer: typed, clientId: id, clientSecret: secret })
            }}
          >
            {test.isPending ? 'Testing…' : 'Test'}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </div>
        <section aria-label="Test result" aria-live="polite">
          {test.data && <TestResult result={test.data} />}
        </section>
        <p role="status" className="text-sm">
          {saved}
        </p>
      </form>
    </section>
  )
}
