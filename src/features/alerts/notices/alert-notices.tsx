// The banner's part of alerts: lazily loaded by the shell for people with alerts:manage only,
// so it adds nothing to anyone's first load of a page.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { alertQueries, dismissNotice } from '@/api/alerts'
import type { AlertFiring } from '@/api/contract/alert-schemas'
import { Button } from '@/components/ui/button'

/**
 * Reads the notices before the banner shows, so that it shows with the page.
 * @public src/shell/header-parts.ts calls it on the module it imports on demand, which knip does not follow.
 */
export function preload(queryClient: QueryClient): Promise<unknown> {
  return queryClient.ensureQueryData(alertQueries.notices())
}

/**
 * The notices as they stood when this page opened (they are read before it shows: `preload`), less those dismissed
 * here: the banner is keyed by the page's path, so each page starts it afresh. One that fires, or is dismissed
 * in another tab, while the page is open waits for the next page: the banner sits above the page, and a notice
 * coming or going moved everything under the pointer by its height.
 */
function useNoticesOfThisPage(latest: AlertFiring[] | undefined): AlertFiring[] {
  const [opened, setOpened] = useState<AlertFiring[] | null>(null)
  useEffect(() => {
    if (opened === null && latest) setOpened(latest)
  }, [opened, latest])
  return opened ?? latest ?? []
}

/**
 * This period's firings this person has not dismissed, each with its own Dismiss (kept by the console, per person).
 * Keyed by the page here, not in the shell, so the key costs the first load of a page nothing.
 */
export default function AlertNotices() {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  return <NoticesOfThisPage key={pathname} />
}

function NoticesOfThisPage() {
  const { data } = useQuery(alertQueries.notices())
  const [dismissedHere, setDismissedHere] = useState<ReadonlySet<string>>(new Set())
  const notices = useNoticesOfThisPage(data?.notices).filter((notice) => !dismissedHere.has(notice.id))
  if (notices.length === 0) return null
  return (
    <section aria-label="Alerts" className="mx-auto max-w-6xl px-4 pb-3">
      <ul className="space-y-2">
        {notices.map((notice) => (
          <Notice
            key={notice.id}
            notice={notice}
            onDismissed={() => setDismissedHere((ids) => new Set(ids).add(notice.id))}
          />
        ))}
      </ul>
    </section>
  )
}

function Notice({ notice, onDismissed }: { notice: AlertFiring; onDismissed: () => void }) {
  const queryClient = useQueryClient()
  const key = alertQueries.notices().queryKey
  const dismiss = useMutation({
    mutationFn: dismissNotice,
    onSuccess: onDismissed,
    // Every tab reads the notices again on focus and every 30 s; this one at once.
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
  const messageId = `alert-notice-${notice.id}`
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      <p id={messageId} className="min-w-0 flex-1">
        <span className="font-semibold">Alert: </span>
        {notice.message}
      </p>
      {dismiss.isError && (
        <p role="alert" className="basis-full text-red-800 dark:text-red-300">
          Could not dismiss it: {dismiss.error.message}
        </p>
      )}
      <Button
        variant="secondary"
        size="sm"
        aria-describedby={messageId}
        disabled={dismiss.isPending}
        onClick={() => dismiss.mutate(notice.id)}
      >
        Dismiss
      </Button>
    </li>
  )
}
