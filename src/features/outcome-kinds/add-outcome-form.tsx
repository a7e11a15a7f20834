import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useRef, useState } from 'react'
import { addOutcomeKind } from '@/api/outcome-kinds'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FormError } from '@/components/ui/form-error'
import { Input } from '@/components/ui/input'
import { errorText } from '@/lib/error-text'
import { useKeepKinds } from './keep-kinds'

/** "Sent email" → "sent-email": the id the server accepts, when the admin leaves the id to the name. */
const idFrom = (label: string) =>
  label
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)

export function AddOutcomeForm({ onAdded }: { onAdded: (label: string) => void }) {
  const keep = useKeepKinds()
  const [label, setLabel] = useState('')
  const [id, setId] = useState('')
  const [comesBack, setComesBack] = useState(false)
  const [asksCallback, setAsksCallback] = useState(false)
  const name = useRef<HTMLInputElement>(null)
  const add = useMutation({
    mutationFn: addOutcomeKind,
    onSuccess: (list, kind) => {
      keep(list)
      onAdded(kind.label)
      setLabel('')
      setId('')
      setComesBack(false)
      setAsksCallback(false)
      // Ready for the next one: Add outcome, disabled while it was sent, had lost the focus.
      name.current?.focus()
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    // The server checks both and says what is wrong in words (problem+json): the form does not repeat its rules.
    add.mutate({ id: id.trim() || idFrom(label), label, comes_back: comesBack, asks_callback: asksCallback })
  }
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Add an outcome">
      {/* Aligned at the top: the Id's hint below it would push the Name's box down to the hint's line. */}
      <div className="flex flex-wrap items-start gap-3">
        <Field label="Name">
          {(control) => <Input {...control} ref={name} value={label} onChange={(e) => setLabel(e.target.value)} />}
        </Field>
        <Field label="Id" hint="Lower-case letters, digits and “-”; left empty, it is made from the name.">
          {(control) => <Input {...control} code value={id} onChange={(e) => setId(e.target.value)} />}
        </Field>
      </div>
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={comesBack} onChange={(e) => setComesBack(e.target.checked)} />
          Comes back later in call lists
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={asksCallback} onChange={(e) => setAsksCallback(e.target.checked)} />
          Asks for a callback time
        </label>
      </div>
      {add.isError && <FormError>Could not add the outcome: {errorText(add.error)}</FormError>}
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add outcome'}
      </Button>
    </form>
  )
}
