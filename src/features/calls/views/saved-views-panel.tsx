// The calls page's saved views: pinned ones first, then the rest (one's own and the team's shared
// ones); opening one puts its filters in the URL, a relative date range resolved on the day it is opened.
// The dialog that saves one loads when first opened. Below `2xl` one row beside the page's title (the views
// scroll sideways in it), so they never push the list down; from `2xl` a sidebar.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useRouter, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useMemo, useState } from 'react'
import type { SavedView } from '@/api/contract/saved-view-schemas'
import { useTimeZone } from '@/api/preferences'
import { changeView, deleteView, savedViewQueries } from '@/api/saved-views'
import { RevealedText } from '@/components/revealed-text'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { revealHidden } from '@/lib/hidden-characters'
import { useNow } from '@/lib/use-now'
import { activePreset } from '../shared/date-presets'
import { useBillingPeriod } from '../shared/use-billing-period'
import { openedSearch, sameFilters, type ViewSearch, viewDatesText, viewTitle, withoutDates } from './view-dates'

const SaveViewDialog = lazy(() => import('./save-view-dialog'))

/** One line that scrolls sideways below `2xl` (the padding keeps focus outlines inside it); a column from `2xl`. */
const VIEWS_ROW =
  'flex min-w-0 flex-1 items-center gap-1 overflow-x-auto whitespace-nowrap p-1 2xl:block 2xl:space-y-0.5 2xl:overflow-visible 2xl:whitespace-normal 2xl:p-0'

const linkClass = 'block truncate rounded-md px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800'

interface OpenedView {
  view: SavedView
  /** Its name and dates, as it is listed: "Failed · last 7 days". */
  title: string
  search: ViewSearch
}

function ViewLink({ opened, current }: { opened: OpenedView; current: boolean }) {
  return (
    <Link
      to="/calls"
      search={opened.search as never}
      className={cn(
        linkClass,
        current
          ? 'bg-slate-100 font-medium text-slate-950 dark:bg-slate-800 dark:text-white'
          : 'text-slate-700 dark:text-slate-300',
      )}
      aria-current={current ? 'page' : undefined}
    >
      <RevealedText text={opened.title} />
      {!opened.view.mine && <span className="sr-only"> (shared by {revealHidden(opened.view.owner.email)})</span>}
    </Link>
  )
}

export default function SavedViewsPanel() {
  const queryClient = useQueryClient()
  const router = useRouter()
  // A view is its filters, not the page it was on: the cursor trail is left out. Selected as the router's
  // serialisation, a string, so the panel renders again only when the filters change.
  const searchStr = useRouterState({
    select: (state) => {
      const { cursor: _cursor, prev: _prev, ...rest } = state.location.search as ViewSearch
      return router.options.stringifySearch(rest).replace(/^\?/, '')
    },
  })
  const filters = useMemo(() => router.options.parseSearch(`?${searchStr}`) as ViewSearch, [router, searchStr])
  const stringify = (search: ViewSearch) => router.options.stringifySearch(search).replace(/^\?/, '')
  const timeZone = useTimeZone()
  const now = useNow(60_000)
  const period = useBillingPeriod()
  const range = { from_date: filters.from_date as string | undefined, to_date: filters.to_date as string | undefined }
  const preset = activePreset(range, timeZone, now, period) ?? null
  const views = useQuery(savedViewQueries.list())
  const [saving, setSaving] = useState(false)
  const [said, setSaid] = useState<string | null>(null)
  const removal = useMutation({
    mutationFn: deleteView,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewQueries.all() }),
  })
  const pinning = useMutation({
    mutationFn: changeView,
    onSuccess: (view) => {
      setSaid(view.pinned ? `Pinned “${revealHidden(view.name)}”.` : `Unpinned “${revealHidden(view.name)}”.`)
      return queryClient.invalidateQueries({ queryKey: savedViewQueries.all() })
    },
  })
  // The stored search is the router's own serialisation; parsed back, the route validates it as any link.
  const list: OpenedView[] = (views.data ?? []).map((view) => {
    const saved = router.options.parseSearch(`?${view.search}`) as ViewSearch
    return {
      view,
      title: viewTitle(view.name, viewDatesText(saved, view.datePreset, timeZone, now)),
      search: openedSearch(saved, view.datePreset, timeZone, now, period),
    }
  })
  const pinned = list.filter((opened) => opened.view.pinned)
  const others = list.filter((opened) => !opened.view.pinned)

  return (
    <nav aria-labelledby="saved-views-title" className="flex items-center gap-2 text-sm 2xl:block 2xl:space-y-2">
      <div className="flex shrink-0 items-center justify-between gap-2">
        {/* On a phone the row has no room for it: Save view and the views say what the row is. */}
        <h2 id="saved-views-title" className="sr-only whitespace-nowrap font-semibold sm:not-sr-only">
          Saved views
        </h2>
        <Button size="xs" variant="secondary" onClick={() => setSaving(true)}>
          Save view
        </Button>
      </div>
      <p role="status" className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
        {said}
      </p>
      <div className={VIEWS_ROW}>
        {views.isError ? (
          <p className="text-slate-600 dark:text-slate-400">The saved views could not be loaded.</p>
        ) : list.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">
            {views.isPending ? (
              'Loading…'
            ) : (
              <>
                None yet.<span className="hidden sm:inline"> Set filters, then Save view to name them.</span>
              </>
            )}
          </p>
        ) : (
          [pinned, others].map(
            (group, index) =>
              group.length > 0 && (
                <ul
                  key={index === 0 ? 'pinned' : 'others'}
                  aria-label={index === 0 ? 'Pinned' : 'Other views'}
                  className="flex shrink-0 gap-1 2xl:block 2xl:space-y-0.5"
                >
                  {group.map(({ view, ...opened }) => (
                    <li key={view.id} className="group flex max-w-60 items-center gap-1 2xl:max-w-none">
                      <div className="min-w-0 flex-1">
                        <ViewLink opened={{ view, ...opened }} current={sameFilters(opened.search, filters)} />
                      </div>
                      {view.mine && (
                        <Button
                          size="xs"
                          variant="ghost"
                          aria-label={`${view.pinned ? 'Unpin' : 'Pin'} view ${revealHidden(view.name)}`}
                          disabled={pinning.isPending}
                          onClick={() =>
                            pinning.mutate({
                              id: view.id,
                              name: view.name,
                              search: view.search,
                              shared: view.shared,
                              pinned: !view.pinned,
                              datePreset: view.datePreset,
                            })
                          }
                        >
                          {view.pinned ? '★' : '☆'}
                        </Button>
                      )}
                      {view.mine && (
                        <Button
                          size="xs"
                          variant="ghost"
                          aria-label={`Delete view ${revealHidden(view.name)}`}
                          disabled={removal.isPending}
                          onClick={() =>
                            removal.mutate(view.id, {
                              onSuccess: () => setSaid(`Deleted “${revealHidden(view.name)}”.`),
                            })
                          }
                        >
                          ×
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
              ),
          )
        )}
      </div>
      {saving && (
        <Suspense fallback={null}>
          <SaveViewDialog
            search={searchStr}
            relative={preset && { preset, search: stringify(withoutDates(filters)) }}
            fixedDates={viewDatesText(filters, null, timeZone, now)}
            onClose={(saved) => {
              setSaving(false)
              if (saved) setSaid(`Saved “${saved}”.`)
            }}
          />
        </Suspense>
      )}
    </nav>
  )
}
