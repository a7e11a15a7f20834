import { getRouteApi } from '@tanstack/react-router'
import type { CallerIdListItem } from '@/api/contract/schemas'
import { filterCallerIds } from '@/lib/caller-id-match'
import { formatNumber } from '@/lib/format'
import { CallerIdCards } from './caller-id-cards'
import { CallerIdsFilterBox } from './caller-ids-filter-box'
import { CallerIdsPager } from './caller-ids-pager'
import { pageWindow } from './caller-ids-paging'
import { CallerIdsTable, type HealthColumns } from './caller-ids-table'

const route = getRouteApi('/caller-ids')

/**
 * The account's caller IDs, filtered by number or name and a page at a time: thousands of rows drawn at
 * once made the page slow. The filter and the page are in the URL, so a link shows the same rows.
 */
export function CallerIdsList({
  callerIds,
  health,
}: {
  callerIds: readonly CallerIdListItem[]
  health?: HealthColumns
}) {
  const { q = '', page } = route.useSearch()
  const navigate = route.useNavigate()
  const found = filterCallerIds(callerIds, q)
  const shown = pageWindow(found.length, page)
  return (
    <div className="space-y-3">
      <CallerIdsFilterBox
        applied={q}
        describedBy="caller-ids-count"
        onApply={(typed) => navigate({ search: (prev) => ({ ...prev, q: typed, page: undefined }), replace: true })}
      />
      <p id="caller-ids-count" role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {countWords(found.length, callerIds.length, q.trim(), shown)}
      </p>
      {found.length > 0 && (
        <>
          {/* From sm the table; below it the same rows as cards (one set is hidden, so nothing is read twice). */}
          <CallerIdsTable callerIds={found.slice(shown.start, shown.end)} health={health} />
          <CallerIdCards callerIds={found.slice(shown.start, shown.end)} health={health} />
          {shown.pages > 1 && <CallerIdsPager page={shown.page} pages={shown.pages} />}
        </>
      )}
    </div>
  )
}

function countWords(found: number, all: number, query: string, shown: { start: number; end: number }): string {
  const range =
    found > shown.end - shown.start ? `; showing ${formatNumber(shown.start + 1)}–${formatNumber(shown.end)}` : ''
  if (!query) return `${formatNumber(all)} caller ${all === 1 ? 'ID' : 'IDs'}${range}.`
  if (found === 0) return `No caller ID matches “${query}”.`
  return `${formatNumber(found)} of ${formatNumber(all)} caller IDs match “${query}”${range}.`
}
