import { useTimeZone } from '@/api/preferences'
import { dateFormatIn, zoneLabel } from '@/lib/time-zone'

const CLOCK = { hour: '2-digit', minute: '2-digit', second: '2-digit' } as const

/**
 * Wall mode's clock: the time in the zone the person chose (Times in), ticking with the board's `now`
 * each second, and the zone named beside it, so a glance across the room reads "14:32:05 UTC".
 */
export function WallClock({ now }: { now: number }) {
  const timeZone = useTimeZone()
  return (
    <p className="text-right leading-tight">
      <time dateTime={new Date(now).toISOString()} className="block text-5xl font-semibold tabular-nums">
        {dateFormatIn(timeZone, CLOCK).format(now)}
      </time>
      <span className="block text-xl text-slate-600 dark:text-slate-400">{zoneLabel(timeZone, now)}</span>
    </p>
  )
}
