import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import type { Erasure } from '@/api/contract/erasure-schemas'
import { eraseNumber, erasureQueries, subjectAccessExport } from '@/api/erasures'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FormError } from '@/components/ui/form-error'
import { Input } from '@/components/ui/input'
import { errorText } from '@/lib/error-text'

/** Saves a Blob under a name, as a link the person clicked would. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  URL.revokeObjectURL(url)
}

/**
 * The number (with +country, or a national one and its country), and why. Export first (what the console holds,
 * as JSON), then erase after a confirmation: the server reads the number and says in words what is wrong.
 */
export function EraseForm({ onErased }: { onErased: (erasure: Erasure) => void }) {
  const queryClient = useQueryClient()
  const [number, setNumber] = useState('')
  const [region, setRegion] = useState('')
  const [reason, setReason] = useState('')
  const [sure, setSure] = useState(false)
  const asked = () => ({ phone_number: number, region: region.trim().toUpperCase() || undefined })
  const exported = useMutation({
    mutationFn: subjectAccessExport,
    onSuccess: (blob) => save(blob, 'subject-access.json'),
  })
  const erase = useMutation({
    mutationFn: eraseNumber,
    onSuccess: (answer) => {
      onErased(answer.erasure)
      setNumber('')
      setReason('')
      setSure(false)
      void queryClient.invalidateQueries({ queryKey: erasureQueries.all() })
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    erase.mutate({ ...asked(), reason })
  }
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Erase a number">
      <div className="flex flex-wrap items-start gap-3">
        <Field label="Number" hint="With +country, or a national number and its country.">
          {(control) => <Input {...control} value={number} onChange={(e) => setNumber(e.target.value)} />}
        </Field>
        <Field label="Country" hint="Two letters, such as US: for a national number.">
          {(control) => (
            <Input {...control} className="w-20" value={region} onChange={(e) => setRegion(e.target.value)} />
          )}
        </Field>
        <Field label="Reason" hint="The request's ticket or date: kept with the erasure.">
          {(control) => <Input {...control} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={sure} onChange={(e) => setSure(e.target.checked)} />
        Erase it: this cannot be undone (the do-not-call list keeps the number)
      </label>
      {exported.isError && <FormError>Could not export: {errorText(exported.error)}</FormError>}
      {erase.isError && <FormError>Could not erase the number: {errorText(erase.error)}</FormError>}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          disabled={exported.isPending || number.trim() === ''}
          onClick={() => exported.mutate(asked())}
        >
          {exported.isPending ? 'Exporting…' : 'Export what is held'}
        </Button>
        <Button type="submit" variant="danger" disabled={erase.isPending || !sure}>
          {erase.isPending ? 'Erasing…' : 'Erase number'}
        </Button>
      </div>
    </form>
  )
}
