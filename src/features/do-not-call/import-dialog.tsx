import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import type { DoNotCallImportReport } from '@/api/contract/do-not-call-schemas'
import { doNotCallQueries, importDoNotCall } from '@/api/do-not-call'
import { RevealedText } from '@/components/revealed-text'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { FormError } from '@/components/ui/form-error'
import { controlClass, Input } from '@/components/ui/input'
import { errorText } from '@/lib/error-text'

/** An admin lists many numbers from a CSV, a file or pasted text, and reads what each line did. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient()
  const [file, setFile] = useState<File | null>(null)
  const [pasted, setPasted] = useState('')
  const [reason, setReason] = useState('')
  const run = useMutation({
    mutationFn: importDoNotCall,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: doNotCallQueries.all() }),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    run.mutate({ csv: file ?? pasted, reason })
  }
  return (
    <Dialog
      title="Import numbers"
      description="A CSV with a phone_number column (and a reason column, or the reason below)."
      onClose={onClose}
      width="xl"
    >
      {run.isSuccess ? (
        <ImportReport report={run.data} onClose={onClose} />
      ) : (
        <form onSubmit={submit} className="space-y-3" aria-label="Import numbers">
          <Field label="CSV file">
            {(control) => (
              <input
                {...control}
                type="file"
                accept=".csv,text/csv"
                className="text-sm"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            )}
          </Field>
          <Field label="Or paste the CSV" hint="Used when no file is chosen.">
            {(control) => (
              <textarea
                {...control}
                rows={5}
                className={`${controlClass} w-full py-1 font-mono text-xs`}
                value={pasted}
                onChange={(e) => setPasted(e.target.value)}
              />
            )}
          </Field>
          <Field label="Reason" hint="For the lines without a reason of their own.">
            {(control) => <Input {...control} value={reason} onChange={(e) => setReason(e.target.value)} />}
          </Field>
          {run.isError && <FormError>Could not import: {errorText(run.error)}</FormError>}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={run.isPending || (!file && !pasted.trim())}>
              {run.isPending ? 'Importing…' : 'Import'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  )
}

function ImportReport({ report, onClose }: { report: DoNotCallImportReport; onClose: () => void }) {
  const hidden = report.invalid - report.problems.length
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm">
        Read {report.lines} lines: {report.added} added, {report.already_listed} listed already, {report.invalid} not a
        number{report.not_read > 0 ? `, ${report.not_read} past the limit and not read` : ''}.
      </p>
      {report.problems.length > 0 && (
        <ul aria-label="Lines that listed nothing" className="max-h-60 space-y-1 overflow-y-auto text-sm">
          {report.problems.map((problem) => (
            <li key={problem.line}>
              Line {problem.line}: <RevealedText text={problem.number} empty="(empty)" />: {problem.message}
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 && <p className="text-sm">And {hidden} more lines like these.</p>}
      <div className="flex justify-end">
        <Button onClick={onClose}>Done</Button>
      </div>
    </div>
  )
}
