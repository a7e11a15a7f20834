import { useForm } from '@tanstack/react-form'
import { type SignInBody, signInBody } from '@/api/console-schemas'
import { Button } from '@/components/ui/button'
import { FieldError } from '@/components/ui/field-error'
import { signInErrorText } from './sign-in-error'

const inputClass =
  'h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900 aria-invalid:border-red-600 dark:aria-invalid:border-red-400'

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
      {failure && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {failure}
        </p>
      )}
      {(['email', 'password'] as const).map((name) => (
        <form.Field key={name} name={name}>
          {(field) => {
            const message = messageOf(field.state.meta.errors)
            const id = `sign-in-${name}`
            return (
              <div className="space-y-1">
                <label htmlFor={id} className="block text-sm font-medium">
                  {name === 'email' ? 'Email' : 'Password'}
                </label>
                <input
                  id={id}
                  name={name}
                  type={name}
                  autoComplete={name === 'email' ? 'username' : 'current-password'}
                  className={inputClass}
                  value={field.state.value}
                  onChange={(event) => field.handleChange(event.target.value)}
                  onBlur={field.handleBlur}
                  aria-invalid={message ? true : undefined}
                  aria-describedby={`${id}-error`}
                />
                <FieldError id={`${id}-error`} message={message} />
              </div>
            )
          }}
        </form.Field>
      ))}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  )
}
