import { METADATA_LIMITS } from '@/api/schemas'
import { Button } from '@/components/ui/button'
import { Field, FieldError } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { type MetadataRow, type MetadataRowErrors, newMetadataRow } from './metadata-validation'

export interface MetadataEditorProps {
  rows: MetadataRow[]
  onChange: (rows: MetadataRow[]) => void
  rowErrors: Record<string, MetadataRowErrors>
  /** An error about the whole set: too many keys, or the API's message about metadata. */
  error?: string | null
  disabled?: boolean
}

/** Key/value rows sent as the call's metadata; every value is sent as a string. */
export function MetadataEditor({ rows, onChange, rowErrors, error, disabled }: MetadataEditorProps) {
  const atLimit = rows.length >= METADATA_LIMITS.maxKeys
  const update = (id: string, patch: Partial<MetadataRow>) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)))

  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? 'metadata-help metadata-error' : 'metadata-help'}
    >
      <legend className="text-sm font-medium">Metadata</legend>
      <p id="metadata-help" className="text-sm text-slate-600 dark:text-slate-400">
        Optional key/value pairs kept with the call, such as a ticket number. Up to {METADATA_LIMITS.maxKeys} keys of{' '}
        {METADATA_LIMITS.maxKeyLength} characters, values up to {METADATA_LIMITS.maxStringLength} characters.
      </p>
      {rows.length > 0 && (
        <ul className="flex flex-col gap-2">
          {rows.map((row, index) => {
            const errors = rowErrors[row.id] ?? {}
            const n = index + 1
            return (
              <li key={row.id} className="grid grid-cols-[1fr_2fr_auto] items-start gap-2">
                <Field label={`Key ${n}`} hideLabel error={errors.key}>
                  {(control) => (
                    <Input
                      {...control}
                      placeholder="Key"
                      value={row.key}
                      disabled={disabled}
                      onChange={(event) => update(row.id, { key: event.target.value })}
                      className="w-full"
                    />
                  )}
                </Field>
                <Field label={`Value ${n}`} hideLabel error={errors.value}>
                  {(control) => (
                    <Input
                      {...control}
                      placeholder="Value"
                      value={row.value}
                      disabled={disabled}
                      onChange={(event) => update(row.id, { value: event.target.value })}
                      className="w-full"
                    />
                  )}
                </Field>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove metadata row ${n}`}
                  disabled={disabled}
                  onClick={() => onChange(rows.filter((r) => r.id !== row.id))}
                >
                  Remove
                </Button>
              </li>
            )
          })}
        </ul>
      )}
      <div className="flex items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled || atLimit}
          onClick={() => onChange([...rows, newMetadataRow()])}
        >
          Add metadata
        </Button>
        {atLimit && (
          <span className="text-sm text-slate-600 dark:text-slate-400">
            That is the most keys a call can carry ({METADATA_LIMITS.maxKeys}).
          </span>
        )}
      </div>
      <FieldError id="metadata-error" message={error} />
    </fieldset>
  )
}
