import { useForm } from '@tanstack/react-form'
import { type SignInBody, signInBody } from '@/api/contract/console-schemas'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FormError } from '@/components/ui/form-error'
import { Input } from '@/components/ui/input'
import { signInErrorText } from './sign-in-error'

const messageOf = (errors: unknown[]) =>
  errors.map((error) => (typeof error === 'string' ? error : (error as { message?: string })?.message)).find(Boolean)

export function SignInForm({
  pending,
  error,
  onSubmit,
}: {
  pending: boolean
  error: unknown
  onSubmit: (body: SignInBody) => void
}) {
  const form = useForm({
    defaultValues: { email: '', password: '' },
    validators: { onSubmit: signInBody },
    onSubmit: ({ value }) => onSubmit(value),
    onSubmitInvalid: ({ formApi }) => {
      const first = (['email', 'password'] as const).find((name) => formApi.getFieldMeta(name)?.errors.length)
      if (first) document.getElementById(`sign-in-${first}`)?.focus()
    },
  })
  const failure = signInErrorText(error)

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      {failure && <FormError boxed>{failure}</FormError>}
      {(['email', 'password'] as const).map((name) => (
        <form.Field key={name} name={name}>
          {(field) => (
            <Field
              id={`sign-in-${name}`}
              label={name === 'email' ? 'Email' : 'Password'}
              error={messageOf(field.state.meta.errors)}
            >
              {(control) => (
                <Input
                  {...control}
                  name={name}
                  type={name}
                  autoComplete={name === 'email' ? 'username' : 'current-password'}
                  className="w-full"
                  value={field.state.value}
                  onChange={(event) => field.handleChange(event.target.value)}
                  onBlur={field.handleBlur}
                />
              )}
            </Field>
          )}
        </form.Field>
      ))}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  )
}
