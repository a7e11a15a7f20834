import { useState } from 'react'
import * as z from 'zod/mini'
import { useFocusFirstInvalid } from './use-focus-first-invalid'

type FieldErrors<Values> = Partial<Record<keyof Values, string>>

/**
 * A few text fields checked once, on submit, by a schema: what the pages for people not yet signed in (sign-in,
 * set-up) and the Users page's invite need, without a form library on their first load. A field's error shows until that field changes;
 * the next submit checks everything again. `ref` goes on the form, so a failed check focuses the first field in error.
 * `reset` puts the first values back (a form that stays on screen after it was sent).
 */
export function useCheckedFields<Values extends Record<string, string>, Output>(
  schema: z.core.$ZodType<Output, Values>,
  initial: Values,
) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors<Values>>({})
  const { ref, focusFirstInvalid } = useFocusFirstInvalid()

  const setValue = (name: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [name]: value }))
    setErrors((current) => ({ ...current, [name]: undefined }))
  }

  /** The checked values; undefined when a field is wrong, which then shows its first error and takes the focus. */
  const check = (): Output | undefined => {
    const parsed = z.safeParse(schema, values)
    if (parsed.success) {
      setErrors({})
      return parsed.data
    }
    const found: FieldErrors<Values> = {}
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as keyof Values
      found[name] ??= issue.message
    }
    setErrors(found)
    focusFirstInvalid()
    return undefined
  }

  const reset = () => {
    setValues(initial)
    setErrors({})
  }

  return { ref, values, errors, setValue, check, reset }
}
