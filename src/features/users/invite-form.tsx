import { useForm } from '@tanstack/react-form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { isApiError } from '@/api/client'
import { ROLES, type Role } from '@/api/contract/console-schemas'
import { type InviteBody, type InviteResponse, inviteBody } from '@/api/contract/user-change-schemas'
import { inviteUser } from '@/api/user-changes'
import { userQueries } from '@/api/users'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FormError } from '@/components/ui/form-error'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { fieldErrorText } from '@/lib/field-error-text'
import { useFocusFirstInvalid } from '@/lib/use-focus-first-invalid'

const EMPTY_INVITE: InviteBody = { email: '', role: 'support', sendEmail: false }

/** Email and role in (and, with email configured, whether to email the link); the set-up link out, to `onInvited`. */
export function InviteForm({
  onInvited,
  emailConfigured,
}: {
  onInvited: (invite: InviteResponse) => void
  emailConfigured: boolean
}) {
  const queryClient = useQueryClient()
  const invite = useMutation({
    mutationFn: inviteUser,
    onSuccess: (invited) => {
      form.reset()
      void queryClient.invalidateQueries({ queryKey: userQueries.lists() })
      onInvited(invited)
    },
  })
  const { ref, focusFirstInvalid } = useFocusFirstInvalid()
  const form = useForm({
    defaultValues: EMPTY_INVITE,
    validators: { onSubmit: inviteBody },
    onSubmitInvalid: focusFirstInvalid,
    onSubmit: ({ value }) => invite.mutate({ ...value, sendEmail: emailConfigured && value.sendEmail }),
  })
  const serverErrors = isApiError(invite.error) ? invite.error.fieldErrors : {}
  const otherError = invite.isError && !serverErrors.email && !serverErrors.role ? invite.error.message : null

  return (
    <form
      ref={ref}
      noValidate
      aria-label="Invite a person"
      className="flex flex-wrap items-start gap-3"
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      <form.Field name="email">
        {(field) => (
          <Field
            label="Email"
            className="min-w-64 flex-1"
            error={fieldErrorText(field.state.meta) ?? serverErrors.email}
          >
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="off"
                value={field.state.value}
                onChange={(event) => {
                  field.handleChange(event.target.value)
                  invite.reset()
                }}
                onBlur={field.handleBlur}
              />
            )}
          </Field>
        )}
      </form.Field>
      <form.Field name="role">
        {(field) => (
          <Field label="Role" error={fieldErrorText(field.state.meta) ?? serverErrors.role}>
            {(control) => (
              <Select
                {...control}
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value as Role)}
              >
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {role}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
      </form.Field>
      {emailConfigured && (
        <form.Field name="sendEmail">
          {(field) => (
            <label className="mt-8 flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5"
                checked={field.state.value ?? false}
                onChange={(event) => field.handleChange(event.target.checked)}
              />
              <span>Send by email</span>
            </label>
          )}
        </form.Field>
      )}
      <Button type="submit" className="mt-6" disabled={invite.isPending}>
        {invite.isPending ? 'Inviting…' : 'Invite'}
      </Button>
      {otherError && <FormError className="basis-full">{otherError}</FormError>}
    </form>
  )
}
