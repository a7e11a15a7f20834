import { getRouteApi } from '@tanstack/react-router'
import { type ChangeEvent, useEffect, useId, useState } from 'react'
import { useTimeZone } from '@/api/preferences'
import type { CallStatus } from '@/api/schemas'
import { DateFilter } from '@/components/date-filter'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'
import { exclusiveToDate, inclusiveToDay } from '@/lib/day-bounds'
import { toInstant } from '@/lib/local-date'
import { dateInZone, dayStartInZone, zoneLabel } from '@/lib/time-zone'
import { useNow } from '@/lib/use-now'
import { CALL_STATUS_FILTERS } from '../shared/call-status'
import { activePreset, DATE_PRESETS, presetRange } from '../shared/date-presets'
import { useBillingPeriod } from '../shared/use-billing-period'
import {
  type CallsSearch,
  CLEARED_FILTERS,
  hasFilters,
  INDEX_ONLY_FILTERS,
  PAGE_SIZES,
  withFilters,
} from './calls-search'
import { CallsSearchBox } from './calls-search-box'
import { IndexFilters } from './index-filters'

const route = getRouteApi('/calls/')

const MORE_FILTERS = INDEX_ONLY_FILTERS.filter((name) => name !== 'q')

// Each label wraps its control: the row needs no ids, and the whole label is a click target.
const wrapped = 'mt-1 block'

/** Sets filters in the URL, replacing the entry: Back leaves the list instead of undoing filters one by one. */
export function useApplyFilters() {
  const navigate = route.useNavigate()
  return (change: Partial<CallsSearch>) => navigate({ search: (prev) => withFilters(prev, change), replace: true })
}

/**
 * Filters write to the URL; the route reads them back, so a link reproduces the view. `indexOff`: the
 * list comes from the voice API, so the index's filters are disabled, described by the page's notice.
 */
export function CallsFilters({ indexOff, noticeId }: { indexOff: boolean; noticeId?: string }) {
  const search = route.useSearch()
  const apply = useApplyFilters()
  const timeZone = useTimeZone()
  const now = useNow(60_000)
  const period = useBillingPeriod()
  const range = { from_date: search.from_date, to_date: search.to_date }
  const active = activePreset(range, timeZone, now, period)
  const moreId = useId()
  // The index's own filters (but the search box) fold away; open when one of them is set.
  const moreCount = MORE_FILTERS.filter((name) => search[name] !== undefined).length
  const [moreOpen, setMoreOpen] = useState(moreCount > 0)
  // A saved view or Back that sets one of them opens them too.
  useEffect(() => {
    if (moreCount > 0) setMoreOpen(true)
  }, [moreCount])
  const zoneWords = timeZone === 'UTC' ? 'UTC' : `your time zone, ${zoneLabel(timeZone, now)}`

  return (
    <form className="space-y-2" aria-label="Filter calls" onSubmit={(e) => e.preventDefault()}>
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
        <CallsSearchBox
          searched={search.q}
          onSearch={(q) => apply({ q })}
          disabled={indexOff}
          describedBy={indexOff ? noticeId : 'calls-search-hint'}
        />
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
        <DateFilter
          label="From date"
          shown={search.from_date ? dateInZone(toInstant(search.from_date), timeZone) : ''}
          onPick={(day) => apply({ from_date: day && dayStartInZone(day, timeZone) })}
          hintId="date-filter-hint"
        />
        <DateFilter
          label="To date (included)"
          shown={search.to_date ? inclusiveToDay(toInstant(search.to_date), timeZone) : ''}
          onPick={(day) => apply({ to_date: day && exclusiveToDate(day, timeZone) })}
          hintId="date-filter-hint"
        />
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
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={moreOpen}
          aria-controls={moreId}
          onClick={() => setMoreOpen((open) => !open)}
        >
          More filters{moreCount > 0 && ` (${moreCount})`}
        </Button>
        {hasFilters(search) && (
          <Button variant="ghost" size="sm" onClick={() => apply(CLEARED_FILTERS)}>
            Clear filters
          </Button>
        )}
      </div>
      {moreOpen && (
        <div id={moreId} className="flex flex-wrap items-end gap-x-4 gap-y-2">
          <IndexFilters
            search={search}
            apply={apply}
            disabled={indexOff}
            describedBy={indexOff ? noticeId : undefined}
          />
        </div>
      )}
      <fieldset className="flex flex-wrap items-center gap-1">
        <legend className="sr-only">Date presets</legend>
        {DATE_PRESETS.map((preset) => {
          const presetDates = presetRange(preset.id, timeZone, now, period)
          if (!presetDates) return null
          return (
            <Button
              key={preset.id}
              variant={active === preset.id ? 'primary' : 'secondary'}
              size="xs"
              aria-pressed={active === preset.id}
              onClick={() => apply(presetDates)}
            >
              {preset.label}
            </Button>
          )
        })}
      </fieldset>
      <p id="calls-search-hint" className="text-xs text-slate-600 dark:text-slate-400">
        Search finds any part of 3 characters or more of a number or a metadata value (“415 555”, “4821”, “T-1234”), or
        a value of one key (“ticket:T-1234”); quotes keep spaces in a word.
      </p>
      <p id="date-filter-hint" className="text-xs text-slate-600 dark:text-slate-400">
        Days run from midnight to midnight in {zoneWords}. Calls on the “To” day are included.
      </p>
    </form>
  )
}
