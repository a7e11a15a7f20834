import { type SignInBody, signInBody } from '@/api/contract/sign-in-schemas'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FormError } from '@/components/ui/form-error'
import { Input } from '@/components/ui/input'
import { useCheckedFields } from '@/lib/use-checked-fields'
import { signInErrorText } from './sign-in-error'

const FIELDS = ['email', 'password'] as const

export function SignInForm({
  pending,
  error,
  onSubmit,
}: {
  pending: boolean
  error: unknown
  onSubmit: (body: SignInBody) => void
}) {
  const form = useCheckedFields(signInBody, { email: '', password: '' })
  const failure = signInErrorText(error)

  return (
    <form
      ref={form.ref}
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault()
        const body = form.check()
        if (body) onSubmit(body)
      }}
    >
      {failure && <FormError boxed>{failure}</FormError>}
      {FIELDS.map((name) => (
        <Field
          key={name}
          id={`sign-in-${name}`}
          label={name === 'email' ? 'Email' : 'Password'}
          error={form.errors[name]}
        >
          {(control) => (
            <Input
              {...control}
              name={name}
              type={name}
              autoComplete={name === 'email' ? 'username' : 'current-password'}
              className="w-full"
              value={form.values[name]}
              onChange={(event) => form.setValue(name, event.target.value)}
            />
          )}
        </Field>
      ))}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  )
}
