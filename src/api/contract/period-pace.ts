// The one projection of a billing period from its real daily series: the usage page draws it and the
// console's "projected to cross the commitment" alert rule fires on it, so the two never disagree.
// Its assumption is said in its answer: the pace of the last `windowDays` whole days goes on to the end.

const DAY_MS = 86_400_000

/** With fewer whole days of data than this a pace is noise: the page says it is too early. */
export const MIN_PACE_DAYS = 3
/** The pace is that of this many latest whole days (fewer when the period has fewer). */
export const PACE_WINDOW_DAYS = 7

export interface PaceDay {
  /** The day's start and end (ms); the last may still be running. */
  fromMs: number
  toMs: number
  minutes: number
}

export interface PaceInput {
  /** Oldest first, contiguous, covering the period from its start. */
  days: readonly PaceDay[]
  periodStartMs: number
  periodEndMs: number
  nowMs: number
  /** The service's actual_minutes_used: where the projection starts from. */
  usedMinutes: number
  committedMinutes: number
  windowDays?: number
}

export type Pace =
  | { kind: 'too-early'; wholeDays: number; reason: string }
  | {
      kind: 'projection'
      /** The whole days the pace is the average of, and their dates' bounds. */
      windowDays: number
      windowFromMs: number
      windowToMs: number
      minutesPerDay: number
      projectedMinutes: number
      /** When the pace reaches the commitment within the period; null when it does not (or already has). */
      crossesAtMs: number | null
      alreadyOver: boolean
      /** Committed minutes the projection leaves unused at the period's end; 0 when it reaches them. */
      unusedMinutes: number
    }

export function periodPace(input: PaceInput): Pace {
  const windowDays = input.windowDays ?? PACE_WINDOW_DAYS
  const nowMs = Math.min(Math.max(input.nowMs, input.periodStartMs), input.periodEndMs)
  // Whole days only: today's part would read as a slow day.
  const whole = input.days.filter((day) => day.toMs <= nowMs && day.toMs - day.fromMs > 0)
  if (whole.length < MIN_PACE_DAYS)
    return {
      kind: 'too-early',
      wholeDays: whole.length,
      reason: `Too early to project: ${whole.length} whole ${whole.length === 1 ? 'day' : 'days'} of data, and a pace needs ${MIN_PACE_DAYS}.`,
    }
  const window = whole.slice(-windowDays)
  const windowFromMs = window[0]?.fromMs ?? nowMs
  const windowToMs = window.at(-1)?.toMs ?? nowMs
  const spanDays = (windowToMs - windowFromMs) / DAY_MS
  const minutes = window.reduce((sum, day) => sum + day.minutes, 0)
  const minutesPerDay = spanDays > 0 ? minutes / spanDays : 0
  const daysLeft = Math.max(0, (input.periodEndMs - nowMs) / DAY_MS)
  const projectedMinutes = input.usedMinutes + minutesPerDay * daysLeft
  const alreadyOver = input.usedMinutes >= input.committedMinutes
  const toCommitment = input.committedMinutes - input.usedMinutes
  const crossesAtMs =
    !alreadyOver && minutesPerDay > 0 && toCommitment / minutesPerDay <= daysLeft
      ? nowMs + (toCommitment / minutesPerDay) * DAY_MS
      : null
  return {
    kind: 'projection',
    windowDays: window.length,
    windowFromMs,
    windowToMs,
    minutesPerDay,
    projectedMinutes,
    crossesAtMs,
    alreadyOver,
    unusedMinutes: Math.max(0, Math.round(input.committedMinutes - projectedMinutes)),
  }
}
