// A call the service listed (or whose detail it returned) but whose detail or status it answers 404 for: the
// service's lists and its call reads disagree for a while (eventual consistency). That is not "no such call":
// the page says what it knows, from the list's row or the detail, and asks again by itself for a minute.
import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { Button } from '@/components/ui/button'
import { usePhoneFormat } from '@/lib/phone-format'
import { useNow } from '@/lib/use-now'
import type { KnownCall } from './known-call'

const CHECK_EVERY_MS = 5_000
/** How long the page asks by itself, from the first 404 of this call in this tab. */
const CHECK_FOR_MS = 60_000
// Kept across the page's reloads of its data (each may render the error anew); per call, for this tab.
const firstMissing = new Map<string, number>()

export function ListedCallMissing({ call, whatIsMissing }: { call: KnownCall; whatIsMissing: 'detail' | 'status' }) {
  const router = useRouter()
  const formatPhone = usePhoneFormat()
  const now = useNow(1000)
  if (!firstMissing.has(call.call_id)) firstMissing.set(call.call_id, Date.now())
  const since = firstMissing.get(call.call_id) ?? now
  const checking = now - since < CHECK_FOR_MS

  useEffect(() => {
    if (!checking) return
    const timer = setTimeout(() => void router.invalidate(), CHECK_EVERY_MS)
    return () => clearTimeout(timer)
  }, [checking, router])

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold break-all">Call {call.call_id}</h1>
      <div
        role="status"
        className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        <p className="font-semibold">
          The service listed this call but does not return its {whatIsMissing === 'detail' ? 'details' : 'status'} yet.
        </p>
        <p className="mt-1">
          {checking
            ? 'It can take a moment to show everywhere at the service. Checking again every 5 seconds.'
            : 'It still does not return it, after a minute of checking.'}
        </p>
        {!checking && (
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            onClick={() => {
              firstMissing.delete(call.call_id)
              void router.invalidate()
            }}
          >
            Check again
          </Button>
        )}
      </div>
      <dl className="grid max-w-xl grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">Status, as the service gave it</dt>
        <dd>{call.status ?? 'Not given'}</dd>
        <dt className="text-slate-600 dark:text-slate-400">From</dt>
        <dd>{call.caller_id ? formatPhone(call.caller_id) : 'Not given'}</dd>
        <dt className="text-slate-600 dark:text-slate-400">To</dt>
        <dd>{call.destination ? formatPhone(call.destination) : 'Not given'}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Created (UTC, as the service gave it)</dt>
        <dd>{call.created_at ?? 'Not given'}</dd>
      </dl>
    </div>
  )
}
