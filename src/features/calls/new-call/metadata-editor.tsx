import { useRef } from 'react'
import { Button } from '@/components/ui/button'
import { Field, FieldError } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { fieldErrorText } from '@/lib/field-error-text'
import { newMetadataRow } from './new-call-schema'
import type { NewCallForm } from './use-new-call-form'

/** Key/value rows sent as the call's metadata; every value is sent as a string. */
export function MetadataEditor({ form, disabled }: { form: NewCallForm; disabled: boolean }) {
  // The row just added, whose key input takes the focus once it is drawn.
  const added = useRef<string | null>(null)
  const focusIfAdded = (rowId: string) => (input: HTMLInputElement | null) => {
    if (input && added.current === rowId) {
      added.current = null
      input.focus()
    }
  }

  return (
    <form.Field name="metadataRows" mode="array">
      {(rowsField) => {
        const rows = rowsField.state.value
        const error = fieldErrorText(rowsField.state.meta)
        return (
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={error ? 'metadata-help metadata-error' : 'metadata-help'}
          >
            <legend className="text-sm font-medium">Metadata</legend>
            <p id="metadata-help" className="text-sm text-slate-600 dark:text-slate-400">
              Optional key/value pairs kept with the call, such as a ticket number.
            </p>
            {rows.length > 0 && (
              <ul className="flex flex-col gap-2">
                {rows.map((row, index) => {
                  const n = index + 1
                  return (
                    <li key={row.id} className="grid grid-cols-[1fr_2fr_auto] items-start gap-2">
                      <form.Field name={`metadataRows[${index}].key`}>
                        {(field) => (
                          <Field label={`Key ${n}`} hideLabel error={fieldErrorText(field.state.meta)}>
                            {(control) => (
                              <Input
                                {...control}
                                ref={focusIfAdded(row.id)}
                                placeholder="Key"
                                value={field.state.value}
                                disabled={disabled}
                                onChange={(event) => field.handleChange(event.target.value)}
                                className="w-full"
                              />
                            )}
                          </Field>
                        )}
                      </form.Field>
                      <form.Field name={`metadataRows[${index}].value`}>
                        {(field) => (
                          <Field label={`Value ${n}`} hideLabel error={fieldErrorText(field.state.meta)}>
                            {(control) => (
                              <Input
                                {...control}
                                placeholder="Value"
                                value={field.state.value}
                                disabled={disabled}
                                onChange={(event) => field.handleChange(event.target.value)}
                                className="w-full"
                              />
                            )}
                          </Field>
                        )}
                      </form.Field>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Remove metadata row ${n}`}
                        disabled={disabled}
                        onClick={() => rowsField.removeValue(index)}
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
                disabled={disabled}
                onClick={() => {
                  const row = newMetadataRow()
                  added.current = row.id
                  rowsField.pushValue(row)
                }}
              >
                Add metadata
              </Button>
            </div>
            <FieldError id="metadata-error" message={error} />
          </fieldset>
        )
      }}
    </form.Field>
  )
}
