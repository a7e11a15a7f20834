import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { isApiError } from '@/api/client'
import { ROLES, type Role } from '@/api/contract/console-schemas'
import { type InviteResponse, inviteBody } from '@/api/contract/user-change-schemas'
import { inviteUser } from '@/api/user-changes'
import { userQueries } from '@/api/users'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FormError } from '@/components/ui/form-error'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { useCheckedFields } from '@/lib/use-checked-fields'

const EMPTY_INVITE: { email: string; role: Role } = { email: '', role: 'support' }

/**
 * Email and role in (and, with email configured, whether to email the link); the set-up link out, to `onInvited`.
 * Two fields checked on submit by the contract's schema (useCheckedFields): no form library on the page's first load.
 */
export function InviteForm({
  onInvited,
  emailConfigured,
}: {
  onInvited: (invite: InviteResponse) => void
  emailConfigured: boolean
}) {
  const queryClient = useQueryClient()
  const form = useCheckedFields(inviteBody, EMPTY_INVITE)
  const [sendEmail, setSendEmail] = useState(false)
  const invite = useMutation({
    mutationFn: inviteUser,
    onSuccess: (invited) => {
      form.reset()
      setSendEmail(false)
      void queryClient.invalidateQueries({ queryKey: userQueries.lists() })
      onInvited(invited)
    },
  })
  const serverErrors = isApiError(invite.error) ? invite.error.fieldErrors : {}
  const otherError = invite.isError && !serverErrors.email && !serverErrors.role ? invite.error.message : null

  return (
    <form
      ref={form.ref}
      noValidate
      aria-label="Invite a person"
      className="flex flex-wrap items-start gap-3"
      onSubmit={(event) => {
        event.preventDefault()
        const body = form.check()
        if (body) invite.mutate({ ...body, sendEmail: emailConfigured && sendEmail })
      }}
    >
      <Field label="Email" className="min-w-64 flex-1" error={form.errors.email ?? serverErrors.email}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="off"
            value={form.values.email}
            onChange={(event) => {
              form.setValue('email', event.target.value)
              invite.reset()
            }}
          />
        )}
      </Field>
      <Field label="Role" error={form.errors.role ?? serverErrors.role}>
        {(control) => (
          <Select
            {...control}
            value={form.values.role}
            onChange={(event) => form.setValue('role', event.target.value as Role)}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {emailConfigured && (
        <label className="mt-8 flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5"
            checked={sendEmail}
            onChange={(event) => setSendEmail(event.target.checked)}
          />
          <span>Send by email</span>
        </label>
      )}
      <Button type="submit" className="mt-6" disabled={invite.isPending}>
        {invite.isPending ? 'Inviting…' : 'Invite'}
      </Button>
      {otherError && <FormError className="basis-full">{otherError}</FormError>}
    </form>
  )
}
