// Recordings are served for CONSOLE_RETENTION_RECORDINGS_DAYS after their call was placed: one of the voice proxy's
// refusals (app.ts), before storage is asked. The voice service still holds the file (its API cannot delete one); the
// console stops serving it, with a 410 whose sentence the call page's player shows.
// The call's time is the call index's (or the console's record of placing it). A call the console knows neither way
// (not listed by the index yet: placed a moment ago by another client, or older than a new install's backfill has
// reached) is not served either: a 503 that says to try again, since the console cannot tell its age.
import { RECORDING_PAST_RETENTION } from '../../../src/api/contract/recording-links'
import { problem } from '../http/problem'
import type { Operation } from '../operations'
import type { ConsoleStore } from '../store'
import { cutoffOf } from './retention-windows'

// The index lists a new call within seconds; a minute is ample before asking again.
const UNKNOWN_RETRY_SECONDS = 60

const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10)
const daysText = (days: number) => (days === 1 ? '1 day' : `${days.toLocaleString('en-US')} days`)

export function recordingWindowRefusal(options: {
  store: Pick<ConsoleStore, 'retention'>
  days: number
  /** The call a recording request is of (proxy/storage-target.ts's recordingOfRequest). */
  callOf: (request: URL) => Promise<string>
  /** Whether the proxy serves the request's origin at all: when not, its own 403 names the setting, not this. */
  served: (request: URL) => Promise<boolean>
  now: () => number
}) {
  return async (c: { req: { raw: Request } }, operation: Operation): Promise<Response | null> => {
    if (!operation.storage) return null
    const request = new URL(c.req.raw.url)
    if (!(await options.served(request))) return null
    const callId = await options.callOf(request)
    const placedAt = await options.store.retention.placedAt(callId)
    const kept = daysText(options.days)
    if (placedAt === null)
      return problem(
        503,
        'Recording not dated yet',
        `Recordings are kept for ${kept}, and the console does not know yet when this call was placed (its call index has not listed it). Try again in a minute.`,
        { 'Retry-After': String(UNKNOWN_RETRY_SECONDS) },
      )
    const cutoff = cutoffOf(options.days, options.now()) ?? Number.NEGATIVE_INFINITY
    if (placedAt >= cutoff) return null
    return problem(
      410,
      'Recording no longer kept',
      `Recordings are kept for ${kept}; this call was placed on ${dayOf(placedAt)}, so the console no longer serves its recording.`,
      {},
      { type: RECORDING_PAST_RETENTION, placed_at: new Date(placedAt).toISOString(), retention_days: options.days },
    )
  }
}
