import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { callListQueries, importCallList, previewImport } from '@/api/call-lists'
import { isApiError } from '@/api/client'
import { type CallListSettings, COME_BACK_DEFAULTS, type ImportPreview } from '@/api/contract/call-list-schemas'
import { Button } from '@/components/ui/button'
import { Card, CardTitle } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { FormError } from '@/components/ui/form-error'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { errorText } from '@/lib/error-text'
import { pluralize } from '@/lib/format'
import { countryOptions, DEFAULT_COUNTRY } from '@/lib/phone'
import { ImportPreviewReport } from './import-preview-report'
import { ListSettingsFields } from './list-settings-fields'

const FRESH_SETTINGS: Omit<CallListSettings, 'name'> = {
  callerId: null,
  record: false,
  comeBackMinutes: COME_BACK_DEFAULTS.afterMinutes,
  maxTries: COME_BACK_DEFAULTS.maxTries,
  everyone: true,
  assignees: [],
}

/**
 * Managers: a CSV uploaded or pasted, checked first (every line that would be left out, and why), then saved with
 * the list's name and settings. Nothing is saved until "Import".
 */
export function ImportListSection() {
  const queryClient = useQueryClient()
  const [name, setName] = useState('')
  const [csv, setCsv] = useState('')
  const [region, setRegion] = useState<string>(DEFAULT_COUNTRY)
  const [numberColumn, setNumberColumn] = useState('')
  const [settings, setSettings] = useState(FRESH_SETTINGS)
  const [preview, setPreview] = useState<ImportPreview | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const source = { csv, region, ...(numberColumn ? { numberColumn } : {}) }

  const check = useMutation({ mutationFn: previewImport, onSuccess: setPreview })
  const save = useMutation({
    mutationFn: importCallList,
    onSuccess: async ({ list, skipped }) => {
      setSaved(
        `Imported “${list.name}”: ${pluralize(list.progress.total, 'contact')}` +
          (skipped ? `, ${pluralize(skipped, 'line')} left out.` : '.'),
      )
      setName('')
      setCsv('')
      setNumberColumn('')
      setPreview(null)
      setSettings(FRESH_SETTINGS)
      await queryClient.invalidateQueries({ queryKey: callListQueries.all() })
    },
  })
  // A changed file or reading makes the preview stale: it must be checked again before importing.
  const changeSource = (apply: () => void) => {
    apply()
    setPreview(null)
    setSaved(null)
    check.reset()
    save.reset()
  }
  const errors = {
    ...(isApiError(check.error) ? check.error.fieldErrors : {}),
    ...(isApiError(save.error) ? save.error.fieldErrors : {}),
  }
  const failure = save.error ?? check.error

  return (
    <Card>
      <CardTitle>Import a list</CardTitle>
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          event.preventDefault()
          if (!preview) check.mutate(source)
          else save.mutate({ settings: { ...settings, name }, source })
        }}
      >
        <Field label="Name" error={errors['settings.name']}>
          {(control) => <Input {...control} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field
          label="CSV file"
          hint="Its first row names the columns: one holds the numbers, the others become metadata."
        >
          {(control) => (
            <Input
              {...control}
              type="file"
              accept=".csv,text/csv,text/plain"
              onChange={(e) => {
                const file = e.target.files?.[0]
                if (file) void file.text().then((text) => changeSource(() => setCsv(text)))
              }}
            />
          )}
        </Field>
        <Field label="Or paste the CSV" error={errors['source.csv']}>
          {(control) => (
            <textarea
              {...control}
              rows={5}
              className="rounded-md border border-slate-300 bg-white p-2 font-mono text-xs dark:border-slate-700 dark:bg-slate-900"
              value={csv.length > 200_000 ? `${csv.slice(0, 2_000)}\n… (the file is too long to show whole)` : csv}
              readOnly={csv.length > 200_000}
              onChange={(e) => changeSource(() => setCsv(e.target.value))}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Numbers without +country are in" error={errors['source.region']}>
            {(control) => (
              <Select {...control} value={region} onChange={(e) => changeSource(() => setRegion(e.target.value))}>
                {countryOptions().map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.name} (+{option.callingCode})
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {preview && (
            <Field label="Number column" error={errors['source.numberColumn']}>
              {(control) => (
                <Select
                  {...control}
                  value={numberColumn || preview.numberColumn}
                  onChange={(e) => {
                    const column = e.target.value
                    changeSource(() => setNumberColumn(column))
                    check.mutate({ ...source, numberColumn: column })
                  }}
                >
                  {preview.columns.map((column) => (
                    <option key={column}>{column}</option>
                  ))}
                </Select>
              )}
            </Field>
          )}
        </div>
        {preview && <ImportPreviewReport preview={preview} />}
        {preview && <ListSettingsFields value={settings} onChange={setSettings} errors={errors} />}
        {failure && <FormError boxed>{errorText(failure)}</FormError>}
        {saved && (
          <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-300">
            {saved}
          </p>
        )}
        <Button type="submit" disabled={check.isPending || save.isPending || csv === ''}>
          {preview
            ? save.isPending
              ? 'Importing…'
              : `Import ${pluralize(preview.valid, 'contact')}`
            : check.isPending
              ? 'Checking…'
              : 'Check the file'}
        </Button>
      </form>
    </Card>
  )
}
