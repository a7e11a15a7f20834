import { useQuery } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import { serviceReach } from '@/api/service-reach'
import { sessionQueries } from '@/api/session'
import { cn } from '@/lib/cn'

/**
 * Admins only: whether the console can use the voice service, and if not, why. Never the key. The console's
 * check says why it cannot (no key, a refused key); every read of the service since says whether it answers
 * now (service-reach.ts, the one source pages and the live board read too), so the line never says "Connected"
 * while the pages fail.
 */
export default function UpstreamBanner() {
  const { data, dataUpdatedAt } = useQuery(sessionQueries.upstream())
  const down = useSyncExternalStore(serviceReach.subscribe, serviceReach.down)
  // The console's own check of the service is a read of it too, when it is newer than what the tab last saw.
  useEffect(() => {
    if (!data || dataUpdatedAt < serviceReach.since()) return
    if (data.state === 'connected') serviceReach.sawAnswer()
    else serviceReach.sawFailure(data.message)
  }, [data, dataUpdatedAt])
  if (!data) return null
  const connected = data.state === 'connected' && down === null
  const message = data.state !== 'connected' || down === null ? data.message : down
  // One line either way, "not usable" in amber: it comes and goes with the service's 5xx answers, and a box of its
  // own moved the whole page down and back each time, under a person's pointer (the pages show their errors in
  // full). Keyed, so that the alert is a new element each time and is announced.
  return (
    <p
      key={String(connected)}
      role={connected ? undefined : 'alert'}
      className={cn(
        'mx-auto max-w-6xl px-4 pb-2 text-xs',
        connected ? 'text-slate-600 dark:text-slate-400' : 'text-amber-900 dark:text-amber-200',
      )}
    >
      <span
        aria-hidden="true"
        className={cn('mr-1 inline-block size-2 rounded-full', connected ? 'bg-emerald-500' : 'bg-amber-500')}
      />
      {connected ? (
        data.message
      ) : (
        <>
          <span className="font-semibold">The voice service is not usable. </span>
          {message} {down !== null && 'The pages load again by themselves once it answers.'}
        </>
      )}
    </p>
  )
}
