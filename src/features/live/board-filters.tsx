import { getRouteApi } from '@tanstack/react-router'
import { CallerIdFilter } from '@/components/caller-id-filter'
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
      <CallerIdFilter value={search.caller_id} seen={boardCallerIds} onChange={(caller_id) => apply({ caller_id })} />
    </form>
  )
}
