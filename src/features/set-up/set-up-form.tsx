import * as z from 'zod/mini'
import { isApiError } from '@/api/client'
import { MIN_PASSWORD_LENGTH, setUpBody } from '@/api/contract/set-up-schemas'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { useCheckedFields } from '@/lib/use-checked-fields'

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
  const form = useCheckedFields(passwords, { password: '', repeat: '' })
  const serverPasswordError = isApiError(error) ? error.fieldErrors.password : undefined

  return (
    <form
      ref={form.ref}
      noValidate
      aria-label="Choose your password"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault()
        const checked = form.check()
        if (checked) onSubmit(checked.password)
      }}
    >
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      {(
        [
          { name: 'password', label: 'New password', hint: `At least ${MIN_PASSWORD_LENGTH} characters.` },
          { name: 'repeat', label: 'Repeat the password' },
        ] as const
      ).map((field) => (
        <Field
          key={field.name}
          label={field.label}
          hint={'hint' in field ? field.hint : undefined}
          error={form.errors[field.name] ?? (field.name === 'password' ? serverPasswordError : undefined)}
        >
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="new-password"
              className="w-full"
              value={form.values[field.name]}
              onChange={(event) => form.setValue(field.name, event.target.value)}
            />
          )}
        </Field>
      ))}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Setting up…' : 'Set up and sign in'}
      </Button>
    </form>
  )
}
