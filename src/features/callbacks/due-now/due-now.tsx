// The header's part of callbacks, for those who work them: how many are due now (a link to /callbacks), and the
// notice when one comes due: a browser notification when the person allowed them, else a toast in the page.
// Loaded lazily by the shell (header-parts.ts), so it adds nothing to anyone's first load of a page.
import { useQuery } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { callbackQueries, claimCallbackNotice, DUE_POLL_MS, showedCallbackNotice } from '@/api/callbacks'
import type { Callback } from '@/api/contract/callback-schemas'
import { useTimeZone } from '@/api/preferences'
import { Button } from '@/components/ui/button'
import { usePhoneFormat } from '@/lib/phone-format'
import { CallBackAnchor } from '../call-back-anchor'
import { describeDue } from '../callback-time'
import { createDueNotices } from './due-notices'

export default function DueNow() {
  // In a background tab too: the notification is for when the person is elsewhere.
  const due = useQuery({
    ...callbackQueries.open(true),
    refetchInterval: DUE_POLL_MS,
    refetchIntervalInBackground: true,
  })
  const [toasts, setToasts] = useState<Callback[]>([])
  const notices = useRef(createDueNotices(claimCallbackNotice, showedCallbackNotice))
  const router = useRouter()
  const format = usePhoneFormat()
  const zone = useTimeZone()

  // What the notices read, kept current without re-running the effect below: once this tab has claimed a notice
  // (the console gives it to one tab of the person alone), it must show it, even if the phone format or time zone
  // arrived meanwhile; dropping it there loses the notice in every tab.
  const latest = useRef({ format, zone, router })
  latest.current = { format, zone, router }
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  // On every answer, not only a changed one (an equal answer keeps its reference): a claim that got no answer is
  // asked again with the next one.
  const { data: dueNow, dataUpdatedAt } = due
  useEffect(() => {
    if (!dueNow || !dataUpdatedAt) return
    void notices.current.take(dueNow).then((told) => {
      if (!mounted.current || told.length === 0) return
      const { format, zone, router } = latest.current
      if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
        for (const callback of told) {
          const notification = new Notification('Callback due', {
            body: `${format(callback.number)}: ${describeDue(Date.parse(callback.due_at), callback.time_zones, zone)}`,
            tag: `callback-${callback.id}`,
          })
          notification.onclick = () => {
            window.focus()
            void router.navigate({ to: '/callbacks' })
            notification.close()
          }
        }
      } else setToasts((shown) => [...shown, ...told])
      notices.current.showed(told)
    })
  }, [dueNow, dataUpdatedAt])

  const count = due.data?.length ?? 0
  const dueIds = new Set(due.data?.map((callback) => callback.id))
  // A toast goes once its callback is no longer due (done, moved or cancelled, here or elsewhere).
  const shown = toasts.filter((callback) => dueIds.has(callback.id))
  return (
    <>
      {count > 0 && (
        <Link
          to="/callbacks"
          className="rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-medium whitespace-nowrap text-amber-950 hover:bg-amber-200 dark:bg-amber-900 dark:text-amber-50"
        >
          {count} due now
        </Link>
      )}
      <div role="status" aria-label="Callbacks due" className="fixed right-4 bottom-4 z-50 flex w-80 flex-col gap-2">
        {shown.map((callback) => (
          <div
            key={callback.id}
            className="rounded-md border border-slate-300 bg-white p-3 text-sm text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          >
            <p className="font-semibold">Callback due: {format(callback.number)}</p>
            <p>{describeDue(Date.parse(callback.due_at), callback.time_zones, zone)}</p>
            <div className="mt-2 flex gap-2">
              <CallBackAnchor callback={callback} />
              <Button
                size="xs"
                variant="ghost"
                onClick={() => setToasts((list) => list.filter((other) => other.id !== callback.id))}
              >
                Dismiss
              </Button>
            </div>
          </div>
        ))}
      </div>
    </>
  )
}
