// What the board's table and cards both write for a call: its time, its numbers, when it ended.
import type { LiveCallEntry } from '@/api/contract/live-schemas'
import { isInProgressStatus } from '@/lib/call-status'
import { formatDuration } from '@/lib/format'
import { formatRelative, secondsSince } from '@/lib/time'

/** In flight, just ended (when it ended is known), or ended when polling (when is not known). */
type BoardVariant = 'in-flight' | 'ended' | 'ended-unknown-time'

type Call = LiveCallEntry['call']

/** What the board's table (sm and up) and its cards (below sm) are both given: the same list, shown two ways. */
export interface BoardListProps {
  caption: string
  entries: LiveCallEntry[]
  variant: BoardVariant
  now: number
  wall: boolean
}

/** A number as the board writes it, with the formatter of the component (usePhoneFormat), or a dash. */
export const phoneText = (formatPhone: (e164: string) => string, value: string | null | undefined) =>
  value ? formatPhone(value) : '—'

/** A clock ticks only for a status that says the call is in progress; otherwise what the service gave. */
export function boardTime(call: Call, ended: boolean, now: number): string {
  return ended || !isInProgressStatus(call.status)
    ? formatDuration(call.duration_seconds)
    : formatDuration(secondsSince(call.started_at ?? '', now))
}

export const endedText = (call: Call, now: number, timeZone: string) =>
  call.updated_at ? formatRelative(call.updated_at, now, timeZone) : '—'
