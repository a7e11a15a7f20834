import { getRouteApi } from '@tanstack/react-router'
import { type ChangeEvent, useEffect, useRef } from 'react'
import type { CallStatus } from '@/api/schemas'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'
import { isCompleteDate, localDateInputValue, localDayStart } from '@/lib/local-date'
import { CALL_STATUS_FILTERS } from '../shared/call-status'
import { type CallsSearch, PAGE_SIZES, withFilters } from './calls-search'

const route = getRouteApi('/calls/')

// Each label wraps its control: the row needs no ids, and the whole label is a click target.
const wrapped = 'mt-1 block'

/** Filters write to the URL; the route reads them back, so a link reproduces the view. */
export function CallsFilters() {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  // Replace, not push: Back leaves the list instead of undoing filters one by one. Next/Previous still push.
  const apply = (change: Partial<CallsSearch>) =>
    navigate({ search: (prev) => withFilters(prev, change), replace: true })
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone

  return (
    <form
      className="flex flex-wrap items-end gap-x-4 gap-y-1"
      aria-label="Filter calls"
      onSubmit={(e) => e.preventDefault()}
    >
      <Label size="sm">
        Status
        <Select
          className={wrapped}
          value={search.status ?? ''}
          onChange={(e: ChangeEvent<HTMLSelectElement>) =>
            apply({ status: (e.target.value || undefined) as CallStatus | undefined })
          }
        >
          <option value="">All statuses</option>
          {CALL_STATUS_FILTERS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </Select>
      </Label>
      <DateFilter label="From date" value={search.from_date} onPick={(from_date) => apply({ from_date })} />
      <DateFilter label="To date (before)" value={search.to_date} onPick={(to_date) => apply({ to_date })} />
      <Label size="sm">
        Page size
        <Select className={wrapped} value={search.limit} onChange={(e) => apply({ limit: Number(e.target.value) })}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </Select>
      </Label>
      <p id="date-filter-hint" className="basis-full text-xs text-slate-600 dark:text-slate-400">
        Days run from midnight to midnight in your time zone ({zone}). Calls on the “To” day itself are not included.
      </p>
    </form>
  )
}

/**
 * A date input that applies a whole date, or clearing, and ignores the steps in between
 * (a half-typed date, or the year 0002 on the way to 2026). It is uncontrolled, so those
 * steps are not reset on each render; the URL still wins when it changes, as on Back.
 */
function DateFilter({
  label,
  value,
  onPick,
}: {
  label: string
  value: string | undefined
  onPick: (value: string | undefined) => void
}) {
  const input = useRef<HTMLInputElement>(null)
  const shown = value ? localDateInputValue(value) : ''
  useEffect(() => {
    if (input.current && input.current.value !== shown) input.current.value = shown
  }, [shown])

  function change(event: ChangeEvent<HTMLInputElement>) {
    const { value: picked, validity } = event.target
    // An empty value with badInput is a date partly typed or partly erased, not a cleared field.
    if (picked === '') {
      if (!validity.badInput && shown) onPick(undefined)
    } else if (isCompleteDate(picked) && picked !== shown) onPick(localDayStart(picked))
  }

  return (
    <Label size="sm">
      {label}
      <Input
        ref={input}
        type="date"
        className={wrapped}
        defaultValue={shown}
        aria-describedby="date-filter-hint"
        onChange={change}
      />
    </Label>
  )
}
