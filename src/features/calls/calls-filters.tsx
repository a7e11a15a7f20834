import { getRouteApi } from '@tanstack/react-router'
import type { ChangeEvent } from 'react'
import type { CallStatus } from '@/api/schemas'
import { CALL_STATUS_FILTERS } from './call-status'
import { type CallsSearch, PAGE_SIZES, withFilters } from './calls-search'

const route = getRouteApi('/calls/')

const field =
  'mt-1 block h-9 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900'
const label = 'text-xs font-medium text-slate-700 dark:text-slate-300'

/** Filters write to the URL; the route reads them back, so a link reproduces the view. */
export function CallsFilters() {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const apply = (change: Partial<CallsSearch>) => navigate({ search: (prev) => withFilters(prev, change) })

  return (
    <form className="flex flex-wrap items-end gap-4" aria-label="Filter calls" onSubmit={(e) => e.preventDefault()}>
      <label className={label}>
        Status
        <select
          className={field}
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
        </select>
      </label>
      <label className={label}>
        From date
        <input
          type="date"
          className={field}
          value={search.from_date?.slice(0, 10) ?? ''}
          onChange={(e) => apply({ from_date: e.target.value || undefined })}
        />
      </label>
      <label className={label}>
        To date (before)
        <input
          type="date"
          className={field}
          value={search.to_date?.slice(0, 10) ?? ''}
          onChange={(e) => apply({ to_date: e.target.value || undefined })}
        />
      </label>
      <label className={label}>
        Page size
        <select className={field} value={search.limit} onChange={(e) => apply({ limit: Number(e.target.value) })}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </form>
  )
}
