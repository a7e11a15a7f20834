import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { callerIdQueries } from '@/api/caller-ids'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'
import { formatPhone } from '@/lib/phone'
import type { LiveSearch } from './live-search'

const route = getRouteApi('/live')

/** Writes to the URL (replacing the entry), so a link or a wall screen's bookmark reproduces the view. */
export function useApplyLiveSearch() {
  const navigate = route.useNavigate()
  return (change: Partial<LiveSearch>) => navigate({ search: (prev) => ({ ...prev, ...change }), replace: true })
}

export function BoardFilters({ boardCallerIds }: { boardCallerIds: readonly string[] }) {
  const search = route.useSearch()
  const apply = useApplyLiveSearch()
  const verified = useQuery(callerIdQueries.list()).data?.caller_ids.map((item) => item.phone_number) ?? []
  const callerIds = [
    ...new Set([...verified, ...boardCallerIds, ...(search.caller_id ? [search.caller_id] : [])]),
  ].sort()
  return (
    <form
      className="flex flex-wrap items-end gap-x-4 gap-y-2"
      aria-label="Filter the board"
      onSubmit={(e) => e.preventDefault()}
    >
      <fieldset className="text-sm">
        <legend className="font-medium">Calls</legend>
        <div className="mt-1 inline-flex rounded-md border border-slate-300 p-0.5 dark:border-slate-700">
          {(['everyone', 'mine'] as const).map((who) => (
            <label
              key={who}
              className="relative cursor-pointer rounded px-3 py-1 has-checked:bg-slate-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-blue-600 dark:has-checked:bg-slate-100 dark:has-checked:text-slate-900"
            >
              <input
                type="radio"
                name="who"
                value={who}
                // Over the whole label, unseen: a click anywhere on it lands on the radio itself.
                className="absolute inset-0 cursor-pointer opacity-0"
                checked={search.who === who}
                onChange={() => apply({ who })}
              />
              {who === 'everyone' ? 'Everyone’s' : 'Mine'}
            </label>
          ))}
        </div>
      </fieldset>
      <Label size="sm">
        Caller ID
        <Select
          className="mt-1 block"
          value={search.caller_id ?? ''}
          onChange={(e) => apply({ caller_id: e.target.value || undefined })}
        >
          <option value="">All caller IDs</option>
          {callerIds.map((number) => (
            <option key={number} value={number}>
              {formatPhone(number)}
            </option>
          ))}
        </Select>
      </Label>
    </form>
  )
}
