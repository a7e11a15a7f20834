import { useQuery } from '@tanstack/react-query'
import type { UsagePeriodQuery } from '@/api/contract/usage-breakdown-schemas'
import { usageBreakdownQueries } from '@/api/usage-breakdowns'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Select } from '@/components/ui/select'
import { errorText } from '@/lib/error-text'
import { revealHidden } from '@/lib/hidden-characters'

/** The metadata keys of the period's calls; the key in the URL stays a choice even when the period lacks it. */
export function MetadataKeyPicker({
  period,
  value,
  onChange,
}: {
  period: UsagePeriodQuery
  value: string | undefined
  onChange: (key: string) => void
}) {
  const keys = useQuery(usageBreakdownQueries.metadataKeys(period))
  if (keys.isError)
    return (
      <div role="alert" className="text-sm text-red-800 dark:text-red-200">
        Could not load the metadata keys: {errorText(keys.error)}{' '}
        <Button variant="secondary" size="sm" onClick={() => void keys.refetch()}>
          Retry
        </Button>
      </div>
    )
  const choices = keys.data?.keys ?? []
  const options = value && !choices.includes(value) ? [value, ...choices] : choices
  return (
    <Field
      label="Metadata key"
      hint={keys.data?.truncated ? 'The first keys in alphabetical order; there are more.' : undefined}
    >
      {(control) => (
        <Select
          {...control}
          className="w-56"
          value={value ?? ''}
          disabled={keys.isPending}
          onChange={(e) => onChange(e.target.value)}
        >
          {keys.isPending && <option value="">Loading keys…</option>}
          {!keys.isPending && options.length === 0 && <option value="">No metadata in this period</option>}
          {options.map((key) => (
            <option key={key} value={key}>
              {revealHidden(key)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  )
}
