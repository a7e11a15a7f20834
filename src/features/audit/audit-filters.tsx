import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { auditQueries } from '@/api/audit'
import type { AuditAction } from '@/api/contract/audit-schemas'
import { useTimeZone } from '@/api/preferences'
import { DateFilter } from '@/components/date-filter'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'
import { exclusiveToDate, inclusiveToDay } from '@/lib/day-bounds'
import { revealHidden } from '@/lib/hidden-characters'
import { dateInZone, dayStartInZone, zoneLabel } from '@/lib/time-zone'
import { AUDIT_ACTION_OPTIONS } from './audit-labels'
import {
  type AuditSearch,
  auditSearchSchema,
  CLEARED_FILTERS,
  hasFilters,
  useAuditSearch,
  withFilters,
} from './audit-search'
import { AuditSearchBox } from './audit-search-box'

const route = getRouteApi('/audit')

const HINT_ID = 'audit-date-hint'

/** Sets filters in the URL, replacing the entry: Back leaves the page instead of undoing filters one by one. */
export function useApplyAuditFilters() {
  const navigate = route.useNavigate()
  return (change: Partial<AuditSearch>) =>
    navigate({ search: (prev) => withFilters(auditSearchSchema.parse(prev), change), replace: true })
}

/** Filters write to the URL; the route reads them back, so a link reproduces the view. */
export function AuditFilters() {
  const search = useAuditSearch()
  const apply = useApplyAuditFilters()
  const timeZone = useTimeZone()
  const actors = useQuery(auditQueries.actors()).data?.actors ?? []
  // A person in the URL who is not (yet) in the list still shows as chosen, by id.
  const unlistedUser = search.user && !actors.some((a) => a.userId === search.user) ? search.user : undefined
  const zoneWords = timeZone === 'UTC' ? 'UTC' : `your time zone, ${zoneLabel(timeZone)}`

  return (
    <form className="space-y-2" aria-label="Filter entries" onSubmit={(e) => e.preventDefault()}>
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
        <AuditSearchBox searched={search.q} onSearch={(q) => apply({ q })} />
        <Label size="sm">
          User
          <Select
            className="mt-1 block max-w-64"
            value={search.user ?? ''}
            onChange={(e) => apply({ user: e.target.value || undefined })}
          >
            <option value="">All people</option>
            {actors.map((actor) => (
              <option key={actor.userId} value={actor.userId}>
                {revealHidden(actor.email)}
              </option>
            ))}
            {unlistedUser && <option value={unlistedUser}>{unlistedUser}</option>}
          </Select>
        </Label>
        <Label size="sm">
          Action
          <Select
            className="mt-1 block"
            value={search.action ?? ''}
            onChange={(e) => apply({ action: (e.target.value || undefined) as AuditAction | undefined })}
          >
            <option value="">All actions</option>
            {AUDIT_ACTION_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </Label>
        <DateFilter
          label="From date"
          shown={search.from ? dateInZone(search.from, timeZone) : ''}
          onPick={(day) => apply({ from: day && dayStartInZone(day, timeZone) })}
          hintId={HINT_ID}
        />
        <DateFilter
          label="To date (included)"
          shown={search.to ? inclusiveToDay(search.to, timeZone) : ''}
          onPick={(day) => apply({ to: day && exclusiveToDate(day, timeZone) })}
          hintId={HINT_ID}
        />
        {hasFilters(search) && (
          <Button variant="ghost" size="sm" onClick={() => apply(CLEARED_FILTERS)}>
            Clear filters
          </Button>
        )}
      </div>
      <p id="audit-search-hint" className="text-xs text-slate-600 dark:text-slate-400">
        Search finds any part of a call ID, a phone number (“415 555”), a person’s email or an action (“call placed”).
      </p>
      <p id={HINT_ID} className="text-xs text-slate-600 dark:text-slate-400">
        Days run from midnight to midnight in {zoneWords}. Entries on the “To” day are included.
      </p>
    </form>
  )
}
