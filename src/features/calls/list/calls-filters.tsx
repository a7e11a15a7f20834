import { getRouteApi } from '@tanstack/react-router'
import { type ChangeEvent, lazy, Suspense, useEffect, useId, useState } from 'react'
import type { CallStatus } from '@/api/contract/schemas'
import { useTimeZone } from '@/api/preferences'
import { DateFilter } from '@/components/date-filter'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'
import { CALL_STATUS_FILTERS } from '@/lib/call-status'
import { cn } from '@/lib/cn'
import { exclusiveToDate, inclusiveToDay } from '@/lib/day-bounds'
import { toInstant } from '@/lib/local-date'
import { dateInZone, dayStartInZone, zoneLabel } from '@/lib/time-zone'
import { useNow } from '@/lib/use-now'
import { CLEARED_FILTERS, hasFilters, INDEX_ONLY_FILTERS, PAGE_SIZES } from './calls-search'
import { CallsSearchBox } from './calls-search-box'
import { DatePresetsBar } from './date-presets-bar'
import { useApplyFilters } from './use-apply-filters'

const route = getRouteApi('/calls/')

const MORE_FILTERS = INDEX_ONLY_FILTERS.filter((name) => name !== 'q')
/** On a phone only the search shows at first: these fold under More filters too. */
const PHONE_FOLDED = ['status', 'from_date', 'to_date'] as const

// Most views never open More filters: their code loads when a person reaches for the button, or (a skeleton holding
// their place) when the view opens with one set, not with every cold list.
const loadIndexFilters = () => import('./index-filters')
const IndexFilters = lazy(() => loadIndexFilters().then((module) => ({ default: module.IndexFilters })))
const prepareMoreFilters = () => void loadIndexFilters()

// Each label wraps its control: the row needs no ids, and the whole label is a click target.
const wrapped = 'mt-1 block'

/**
 * Filters write to the URL; the route reads them back, so a link reproduces the view. `indexOff`: the
 * list comes from the voice API, so the index's filters are disabled, described by the page's notice.
 * One row from `sm` up (the index's own filters fold under More filters); on a phone the search alone,
 * with the rest and the date presets under More filters, so the first call shows high on the screen.
 */
export function CallsFilters({ indexOff, noticeId }: { indexOff: boolean; noticeId?: string }) {
  const search = route.useSearch()
  const apply = useApplyFilters()
  const timeZone = useTimeZone()
  const now = useNow(60_000)
  const moreId = useId()
  // The index's own filters (but the search box) fold away; open when one of them is set.
  const moreCount = MORE_FILTERS.filter((name) => search[name] !== undefined).length
  const phoneCount = moreCount + PHONE_FOLDED.filter((name) => search[name] !== undefined).length
  const [moreOpen, setMoreOpen] = useState(moreCount > 0)
  // A saved view or Back that sets one of them opens them too.
  useEffect(() => {
    if (moreCount > 0) setMoreOpen(true)
  }, [moreCount])
  // Shown from `sm` up; on a phone only while More filters is open.
  const folded = moreOpen ? 'contents' : 'hidden sm:contents'
  const zoneWords = timeZone === 'UTC' ? 'UTC' : `your time zone, ${zoneLabel(timeZone, now)}`

  return (
    <form className="space-y-2" aria-label="Filter calls" onSubmit={(e) => e.preventDefault()}>
      <div className="flex flex-wrap items-end gap-x-3 gap-y-2">
        <CallsSearchBox
          searched={search.q}
          onSearch={(q) => apply({ q })}
          disabled={indexOff}
          describedBy={indexOff ? noticeId : 'calls-search-hint'}
        />
        <div className={folded}>
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
        </div>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={moreOpen}
          aria-controls={moreId}
          onClick={() => setMoreOpen((open) => !open)}
          // Fetched as the pointer or the focus reaches the button, so they are there when it opens.
          onPointerEnter={prepareMoreFilters}
          onPointerDown={prepareMoreFilters}
          onFocus={prepareMoreFilters}
        >
          More filters
          {/* What is set but folded away: on a phone the status and dates fold too. */}
          {phoneCount > 0 && <span className="-ml-1 sm:hidden"> ({phoneCount})</span>}
          {moreCount > 0 && <span className="-ml-1 hidden sm:inline"> ({moreCount})</span>}
        </Button>
        {hasFilters(search) && (
          <Button variant="ghost" size="sm" onClick={() => apply(CLEARED_FILTERS)}>
            Clear filters
          </Button>
        )}
      </div>
      {moreOpen && (
        <div id={moreId} className="flex flex-wrap items-end gap-x-3 gap-y-2">
          <DatePresetsBar className="flex basis-full sm:hidden" />
          {/* The height of a row of labelled controls, for the moment their code is on its way. */}
          <Suspense fallback={<Skeleton className="h-14 w-72" />}>
            <IndexFilters
              search={search}
              apply={apply}
              disabled={indexOff}
              describedBy={indexOff ? noticeId : undefined}
            />
          </Suspense>
        </div>
      )}
      {/* Described-by targets: read by screen readers even while folded away on a phone. */}
      <div
        className={cn(
          'flex-wrap gap-x-4 text-xs text-slate-600 dark:text-slate-400',
          moreOpen ? 'flex' : 'hidden sm:flex',
        )}
      >
        <p id="calls-search-hint">
          Search finds any part of 3 characters or more of a number or a metadata value (“415 555”, “4821”, “T-1234”),
          or a value of one key (“ticket:T-1234”); quotes keep spaces in a word.
        </p>
        <p id="date-filter-hint">
          Days run from midnight to midnight in {zoneWords}. Calls on the “To” day are included.
        </p>
      </div>
    </form>
  )
}
