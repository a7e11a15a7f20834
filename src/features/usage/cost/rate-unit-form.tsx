import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { isKnownCurrency, RATE_UNITS, type RateUnit } from '@/api/contract/rate-unit-schemas'
import { rateUnitQueries, setRateUnit } from '@/api/rate-unit'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FormError } from '@/components/ui/form-error'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { errorText } from '@/lib/error-text'
import { formatRate } from './money'

// Offered first; any ISO 4217 code the browser knows is accepted.
const COMMON_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'JPY', 'INR', 'BRL', 'MXN']
// The spec's field is named "…_dc": deci-cents, most likely, so that is the first suggestion.
const SUGGESTED_DIVISOR = 1000

/**
 * An admin states what the service's rate per minute counts. `rate`: the account's rate, to show what it would read
 * as before saving; `onDone`: after a save or a cancel (absent while nothing is set, so there is nothing to cancel).
 */
export function RateUnitForm({
  current,
  rate,
  onDone,
}: {
  current: RateUnit | null
  rate: number | null
  onDone?: () => void
}) {
  const queryClient = useQueryClient()
  const [divisor, setDivisor] = useState<number>(current?.divisor ?? SUGGESTED_DIVISOR)
  const [currency, setCurrency] = useState(current?.currency ?? 'USD')
  const code = currency.trim().toUpperCase()
  const known = isKnownCurrency(code)
  const save = useMutation({
    mutationFn: setRateUnit,
    onSuccess: (answer) => {
      queryClient.setQueryData(rateUnitQueries.current().queryKey, answer)
      void queryClient.invalidateQueries({ queryKey: rateUnitQueries.all() })
      onDone?.()
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (known) save.mutate({ divisor, currency: code })
  }
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="What the rate counts">
      <div className="flex flex-wrap items-start gap-3">
        <Field label="The rate counts" hint="How the service's rate per minute is written.">
          {(control) => (
            <Select {...control} value={divisor} onChange={(e) => setDivisor(Number(e.target.value))}>
              {RATE_UNITS.map((unit) => (
                <option key={unit.divisor} value={unit.divisor}>
                  {unit.label} ({unit.example})
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="Currency"
          hint="Three letters (ISO 4217), such as USD or EUR."
          error={currency.trim() !== '' && !known ? 'Not a currency code the browser knows.' : null}
        >
          {(control) => (
            <Input
              {...control}
              className="w-28 uppercase"
              list="rate-unit-currencies"
              autoComplete="off"
              maxLength={3}
              value={currency}
              onChange={(e) => setCurrency(e.target.value)}
            />
          )}
        </Field>
        <datalist id="rate-unit-currencies">
          {COMMON_CURRENCIES.map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
      </div>
      {rate !== null && known && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          The account&rsquo;s rate of {rate} would read as {formatRate(rate, { divisor, currency: code })} a minute.
        </p>
      )}
      {save.isError && <FormError>Could not save what the rate counts: {errorText(save.error)}</FormError>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending || !known}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
        {onDone && (
          <Button type="button" variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  )
}
