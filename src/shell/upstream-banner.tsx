import { useQuery } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import { serviceReach } from '@/api/service-reach'
import { sessionQueries } from '@/api/session'

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
  if (data.state === 'connected' && down === null) {
    return (
      <p className="mx-auto max-w-6xl px-4 pb-2 text-xs text-slate-600 dark:text-slate-400">
        <span aria-hidden="true" className="mr-1 inline-block size-2 rounded-full bg-emerald-500" />
        {data.message}
      </p>
    )
  }
  const message = data.state !== 'connected' || down === null ? data.message : down
  return (
    <div className="mx-auto max-w-6xl px-4 pb-3">
      <p
        role="alert"
        className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        <span className="font-semibold">The voice service is not usable. </span>
        {message} {down !== null && 'The pages load again by themselves once it answers.'}
      </p>
    </div>
  )
}
