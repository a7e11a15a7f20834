import { UpdatedAgo } from '@/components/updated-ago'
import { cn } from '@/lib/cn'
import { useLiveState } from './use-live'

/**
 * How a view is kept current, said next to it: pushed live, interrupted (the hub cannot read the voice
 * service), paused by the voice service, or
 * polled (while the event stream connects, or when it is not available, say behind a proxy that buffers).
 */
export function UpdatesMode({
  updatedAt,
  fetching,
  pollEvery,
  large = false,
}: {
  updatedAt: number
  fetching?: boolean
  /** How often the view polls when not live, as words: "every second". */
  pollEvery: string
  /** Read from across a room (the live board's wall mode). */
  large?: boolean
}) {
  // The time since the last poll sets its own small size: large mode reaches it too.
  const size = large ? 'text-lg [&_p]:text-lg' : 'text-xs'
  const mode = useLiveState((state) => state.mode)
  const paused = useLiveState((state) => state.paused)
  const reason = useLiveState((state) => state.reason)
  const troubled = useLiveState((state) => state.trouble !== null)
  // The dot stays still: a pulse that never ends kept a visible tab drawing frames all day (in headless
  // Chromium, 12% of a core for an idle /calls against 0.5% without it), and the words already say "live".
  if (mode === 'live')
    return (
      <p className={cn('flex items-center gap-1.5 text-slate-600 dark:text-slate-400', size)}>
        <span
          aria-hidden="true"
          className={cn(
            'rounded-full',
            large ? 'size-3' : 'size-2',
            troubled ? 'bg-red-500' : paused ? 'bg-amber-500' : 'bg-emerald-500',
          )}
        />
        {troubled
          ? 'Live updates interrupted: the voice service cannot be read'
          : paused
            ? 'Live updates paused by the voice service'
            : 'Live updates'}
      </p>
    )
  // One line while the stream connects (a moment, on every page load): the live line that follows is one line
  // too, so the row it sits in keeps its height and nothing below it moves.
  if (mode === 'connecting')
    return <p className={cn('text-slate-600 dark:text-slate-400', size)}>Connecting to live updates…</p>
  return (
    <div className={cn('text-slate-600 dark:text-slate-400', size)}>
      <UpdatedAgo updatedAt={updatedAt} fetching={fetching} />
      <p>Live updates unavailable: checking {pollEvery}</p>
      {mode === 'polling' && reason && <p>{reason}</p>}
    </div>
  )
}
