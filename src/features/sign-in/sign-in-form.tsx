import { useState } from 'react'
import { type SignInBody, signInBody } from '@/api/contract/console-schemas'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FormError } from '@/components/ui/form-error'
import { Input } from '@/components/ui/input'
import { useFocusFirstInvalid } from '@/lib/use-focus-first-invalid'
import { signInErrorText } from './sign-in-error'

type FieldName = keyof SignInBody
const FIELDS: readonly FieldName[] = ['email', 'password']

// Two fields checked once, on submit, by the contract's own schema: no form library. On everyone's first page
// @tanstack/react-form cost 14 KB gzip for what a state and a safeParse do (the bundle budget's /sign-in).
export function SignInForm({
  pending,
  error,
  onSubmit,
}: {
  pending: boolean
  error: unknown
  onSubmit: (body: SignInBody) => void
}) {
  const [values, setValues] = useState<SignInBody>({ email: '', password: '' })
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({})
  const { ref, focusFirstInvalid } = useFocusFirstInvalid()
  const failure = signInErrorText(error)

  const submit = () => {
    const parsed = signInBody.safeParse(values)
    if (parsed.success) {
      setErrors({})
      onSubmit(parsed.data)
      return
    }
    const found: Partial<Record<FieldName, string>> = {}
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as FieldName
      found[name] ??= issue.message
    }
    setErrors(found)
    focusFirstInvalid()
  }

  return (
    <form
      ref={ref}
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      {failure && <FormError boxed>{failure}</FormError>}
      {FIELDS.map((name) => (
        <Field key={name} id={`sign-in-${name}`} label={name === 'email' ? 'Email' : 'Password'} error={errors[name]}>
          {(control) => (
            <Input
              {...control}
              name={name}
              type={name}
              autoComplete={name === 'email' ? 'username' : 'current-password'}
              className="w-full"
              value={values[name]}
              onChange={(event) => {
                const value = event.target.value
                setValues((current) => ({ ...current, [name]: value }))
                // What was wrong with the field is answered by changing it; the next submit checks it again.
                setErrors((current) => ({ ...current, [name]: undefined }))
              }}
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
