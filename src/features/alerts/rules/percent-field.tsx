import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { SUGGESTED_PERCENTS } from './rule-kinds'

/** The share of the commitment, typed or picked from the usual ones. */
export function PercentField({
  value,
  onChange,
  error,
  autoFocus,
}: {
  value: string
  onChange: (value: string) => void
  error: string | undefined
  autoFocus?: boolean
}) {
  return (
    <div className="space-y-2">
      <Field label="Percent of the commitment" hint="A whole number from 1 to 1000." error={error}>
        {(control) => (
          <div className="flex items-center gap-2">
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={1000}
              step={1}
              className="w-28"
              value={value}
              autoFocus={autoFocus}
              onChange={(event) => onChange(event.target.value)}
            />
            <span aria-hidden="true">%</span>
          </div>
        )}
      </Field>
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Usual percentages</legend>
        {SUGGESTED_PERCENTS.map((percent) => (
          <Button
            key={percent}
            variant="secondary"
            size="xs"
            aria-pressed={value === String(percent)}
            onClick={() => onChange(String(percent))}
          >
            {percent}%
          </Button>
        ))}
      </fieldset>
    </div>
  )
}
