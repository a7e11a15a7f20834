import { type ReactNode, useState } from 'react'
import { isApiError } from '@/api/client'
import { Button } from '@/components/ui/button'
import { Dialog, DialogActions } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { FormError } from '@/components/ui/form-error'
import { Input } from '@/components/ui/input'
import { errorOfField, errorsOfIssues, formLevelError } from '@/lib/field-errors'

/** The feature's mutation as the form uses it: whether it runs, its error, and how to start and reset it. */
interface Adding<Input> {
  error: Error | null
  isPending: boolean
  mutate: (input: Input) => void
  reset: () => void
}

type Parsed<Input> =
  | { success: true; data: Input }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }

/** What the feature calls the dialog and its parts. */
interface NewDestinationWords {
  title: string
  description: string
  /** Below the name: "For example: …". */
  nameHint: string
  /** The button's label: "Add integration". */
  submit: string
}

/**
 * Adds a place the console sends to (an alert channel, an integration), on from the start: its name, the feature's
 * own controls, each error beside its control (the browser's check first, then the server's) and the rest below.
 * The feature owns its controls' state and the mutation, whose answer carries the secret it shows once.
 */
export function NewDestinationDialog<Input>({
  words,
  fields,
  parse,
  adding,
  onClose,
  children,
}: {
  words: NewDestinationWords
  /** The form's fields, whose errors show beside their controls; the server's errors of any other show below. */
  fields: readonly string[]
  /** The form as the contract's input, given the name: checked here before it is sent. */
  parse: (name: string) => Parsed<Input>
  adding: Adding<Input>
  onClose: () => void
  /** The controls after the name; `edited` clears the errors shown, as a person changes what they were about. */
  children: (form: { errors: Readonly<Record<string, string>>; edited: () => void }) => ReactNode
}) {
  const [name, setName] = useState('')
  const [checked, setChecked] = useState<Record<string, string>>({})
  const serverErrors = isApiError(adding.error) ? adding.error.fieldErrors : {}
  const errors = { ...serverErrors, ...checked }
  const formError = formLevelError(adding.error, serverErrors, fields)
  const edited = () => {
    setChecked({})
    adding.reset()
  }

  return (
    <Dialog title={words.title} description={words.description} onClose={onClose}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault()
          const parsed = parse(name)
          setChecked(parsed.success ? {} : errorsOfIssues(parsed.error.issues))
          if (parsed.success) adding.mutate(parsed.data)
        }}
      >
        <Field label="Name" hint={words.nameHint} error={errorOfField(errors, 'name')}>
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={80}
              autoFocus
              onChange={(event) => {
                setName(event.target.value)
                edited()
              }}
            />
          )}
        </Field>
        {children({ errors, edited })}
        {formError && <FormError>{formError}</FormError>}
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={adding.isPending}>
            {adding.isPending ? 'Adding…' : words.submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}

/** A webhook's URL, as both a channel and an integration ask for it. */
export function WebhookUrlField({
  value,
  placeholder,
  error,
  onChange,
}: {
  value: string
  placeholder: string
  error: string | undefined
  onChange: (url: string) => void
}) {
  return (
    <Field label="URL" hint="http or https. The console does not follow redirects." error={error}>
      {(control) => (
        <Input
          {...control}
          type="url"
          inputMode="url"
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  )
}
