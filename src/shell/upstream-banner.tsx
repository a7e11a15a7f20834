import { useQuery } from '@tanstack/react-query'
import { sessionQueries } from '@/api/session'

/** Admins only: whether the console can use the voice service, and if not, why. Never the key. */
export default function UpstreamBanner() {
  const { data } = useQuery(sessionQueries.upstream())
  if (!data) return null
  if (data.state === 'connected') {
    return (
      <p className="mx-auto max-w-6xl px-4 pb-2 text-xs text-slate-600 dark:text-slate-400">
        <span aria-hidden="true" className="mr-1 inline-block size-2 rounded-full bg-emerald-500" />
        {data.message}
      </p>
    )
  }
  return (
    <div className="mx-auto max-w-6xl px-4 pb-3">
      <p
        role="alert"
        className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        <span className="font-semibold">The voice service is not usable. </span>
        {data.message}
      </p>
    </div>
  )
}
