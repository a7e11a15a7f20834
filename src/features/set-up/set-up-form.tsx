import { useForm } from '@tanstack/react-form'
import * as z from 'zod/mini'
import { isApiError } from '@/api/client'
import { MIN_PASSWORD_LENGTH, setUpBody } from '@/api/contract/users-schemas'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { fieldErrorText } from '@/lib/field-error-text'
import { useFocusFirstInvalid } from '@/lib/use-focus-first-invalid'

const passwords = z
  .object({ password: setUpBody.shape.password, repeat: z.string() })
  .check(z.refine((value) => value.password === value.repeat, { path: ['repeat'], error: 'The two passwords differ.' }))

export function SetUpForm({
  email,
  pending,
  error,
  onSubmit,
}: {
  email: string
  pending: boolean
  error: unknown
  onSubmit: (password: string) => void
}) {
  const { ref, focusFirstInvalid } = useFocusFirstInvalid()
  const form = useForm({
    defaultValues: { password: '', repeat: '' },
    validators: { onSubmit: passwords },
    onSubmitInvalid: focusFirstInvalid,
    onSubmit: ({ value }) => onSubmit(value.password),
  })
  const serverPasswordError = isApiError(error) ? error.fieldErrors.password : undefined

  return (
    <form
      ref={ref}
      noValidate
      aria-label="Choose your password"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <form.Field name="password">
        {(field) => (
          <Field
            label="New password"
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            error={fieldErrorText(field.state.meta) ?? serverPasswordError}
          >
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="new-password"
                className="w-full"
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
                onBlur={field.handleBlur}
              />
            )}
          </Field>
        )}
      </form.Field>
      <form.Field name="repeat">
        {(field) => (
          <Field label="Repeat the password" error={fieldErrorText(field.state.meta)}>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="new-password"
                className="w-full"
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
                onBlur={field.handleBlur}
              />
            )}
          </Field>
        )}
      </form.Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Setting up…' : 'Set up and sign in'}
      </Button>
    </form>
  )
}
