import type { UsagePeriod } from '@/api/contract/schemas'
import { Field } from '@/components/ui/field'
import { Select } from '@/components/ui/select'
import { formatPeriod, periodInUtcText } from '@/lib/usage-format'

const CURRENT = ''

/** The billing periods to break down: the current one, then the past ones read so far, newest first. */
export function PeriodPicker({
  value,
  current,
  past,
  timeZone,
  onChange,
}: {
  /** The chosen past period's period_start; undefined for the current period. */
  value: string | undefined
  current: { from: string; to: string } | null
  past: readonly UsagePeriod[]
  timeZone: string
  onChange: (period: string | undefined) => void
}) {
  const choices = past.filter(
    (period): period is UsagePeriod & { period_start: string; period_end: string } =>
      !!period.period_start &&
      !!period.period_end &&
      (!current || Date.parse(period.period_start) !== Date.parse(current.from)),
  )
  return (
    <Field label="Billing period" className="w-full min-w-0 sm:w-auto">
      {(control) => (
        <Select
          {...control}
          className="w-full sm:w-auto"
          value={value ?? CURRENT}
          onChange={(e) => onChange(e.target.value === CURRENT ? undefined : e.target.value)}
        >
          <option value={CURRENT} title={current ? periodInUtcText(current.from, current.to) : undefined}>
            Current period{current ? `: ${formatPeriod(current.from, current.to, timeZone)}` : ''}
          </option>
          {value && !choices.some((period) => period.period_start === value) && (
            <option value={value}>Period from {value}</option>
          )}
          {choices.map((period) => (
            <option
              key={period.period_start}
              value={period.period_start}
              title={periodInUtcText(period.period_start, period.period_end)}
            >
              {formatPeriod(period.period_start, period.period_end, timeZone)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  )
}
