import { METADATA_LIMITS } from '@/api/schemas'
import { Button } from '@/components/ui/button'
import { FieldError } from '@/components/ui/field-error'
import { type MetadataRow, type MetadataRowErrors, newMetadataRow } from './metadata-validation'

const inputClass =
  'h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900 aria-invalid:border-red-600 dark:aria-invalid:border-red-400'

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
    <fieldset className="flex flex-col gap-2" aria-describedby="metadata-help metadata-error">
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
                <div>
                  <input
                    aria-label={`Key ${n}`}
                    placeholder="Key"
                    value={row.key}
                    disabled={disabled}
                    aria-invalid={errors.key ? true : undefined}
                    aria-describedby={errors.key ? `${row.id}-key-error` : undefined}
                    onChange={(event) => update(row.id, { key: event.target.value })}
                    className={inputClass}
                  />
                  <FieldError id={`${row.id}-key-error`} message={errors.key} />
                </div>
                <div>
                  <input
                    aria-label={`Value ${n}`}
                    placeholder="Value"
                    value={row.value}
                    disabled={disabled}
                    aria-invalid={errors.value ? true : undefined}
                    aria-describedby={errors.value ? `${row.id}-value-error` : undefined}
                    onChange={(event) => update(row.id, { value: event.target.value })}
                    className={inputClass}
                  />
                  <FieldError id={`${row.id}-value-error`} message={errors.value} />
                </div>
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
