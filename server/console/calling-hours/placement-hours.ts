// A placement outside the callee's calling hours is refused here, in the proxy, before anything reaches the voice
// service: whatever sends it (New call, a call list, a script with a session). 403 problem+json in words, with the
// callee's local times and when calls open; audited with the number and the times. An admin's exception for the
// number (routes.ts) lets one placement through, audited as used. The destination is read from a
// clone of the body, so the proxy still forwards it whole.
import type { Context } from 'hono'
import { CALLING_HOURS } from '../../../src/api/contract/calling-hours-schemas'
import type { AuditLog } from '../audit/audit-log'
import { isPlacement } from '../audit/placement-forwarded'
import { recordPlacementRefusal } from '../audit/placement-refusal'
import type { RefusalTally } from '../audit/refusal-tally'
import { actorOf, requestFacts } from '../audit/request-facts'
import type { SessionEnv } from '../auth/require-session'
import { sendProblem } from '../http/problem'
import type { Operation } from '../operations'
import { calleeCountry } from '../phone/callee-time-zones'
import type { ConsoleStore } from '../store'
import { type CallingHoursAnswer, callingHoursAt } from './calling-hours-rule'
import type { CallingHours } from './calling-window'

export interface PlacementHoursOptions {
  hours: CallingHours
  /** Where an admin's one call outside the hours waits to be used (store/calling-hours-exceptions.ts). */
  store: Pick<ConsoleStore, 'callingHoursExceptions'>
  audit: AuditLog
  /** Where its refusals are folded a minute at a time (audit/placement-refusal.ts). */
  refusals: RefusalTally
  timeZonesOf: (number: string) => Promise<string[]>
  now: () => number
}

async function destinationOf(request: Request): Promise<string | null> {
  try {
    const body = (await request.clone().json()) as { destination?: unknown } | null
    return typeof body?.destination === 'string' ? body.destination : null
  } catch {
    // Not JSON: the service answers that in its own words.
    return null
  }
}

/** The callee's hours at this instant: what the refusal and (next) GET /calling-hours answer from. */
export async function calleeHoursAt(
  options: Pick<PlacementHoursOptions, 'hours' | 'timeZonesOf'>,
  number: string,
  now: number,
): Promise<CallingHoursAnswer> {
  const zones = await options.timeZonesOf(number)
  return callingHoursAt({ zones, country: calleeCountry(number) }, options.hours, now)
}

/** Call lists' hold: when a contact's callee may be called if not now (null: now). A day on when no hour suits. */
export function contactHeldUntil(options: Pick<PlacementHoursOptions, 'hours' | 'timeZonesOf'>) {
  return async (number: string, now: number): Promise<number | null> => {
    const answer = await calleeHoursAt(options, number, now)
    if (answer.allowed) return null
    return answer.opensAt ?? now + 24 * 60 * 60_000
  }
}

export function placementHours(options: PlacementHoursOptions) {
  /** Null: the placement may go on; otherwise its refusal. */
  return async (c: Context<SessionEnv>, operation: Operation): Promise<Response | null> => {
    if (!isPlacement(operation)) return null
    const destination = await destinationOf(c.req.raw)
    if (!destination) return null
    const now = options.now()
    const answer = await calleeHoursAt(options, destination, now)
    if (answer.allowed) return null
    const session = c.get('session')
    // Taken before the forwarding: a placement the service then refuses has used it too (ask an admin again).
    const exception = await options.store.callingHoursExceptions.use(destination, session.userId, now)
    if (exception) {
      await options.audit.record({
        actor: actorOf(session),
        action: 'calling-hours.exception-used',
        target: destination,
        outcome: 200,
        ...requestFacts(c),
        detail: { exception: exception.id, zones: answer.zones, localTimes: answer.localTimes },
      })
      return null
    }
    await recordPlacementRefusal(options.refusals, c, {
      action: 'call.outside-calling-hours',
      target: destination,
      status: 403,
      detail: { zones: answer.zones, localTimes: answer.localTimes },
    })
    return sendProblem(c, 403, 'Outside the callee’s calling hours', `${answer.sentence} Nothing was called.`, {
      type: CALLING_HOURS,
      zones: answer.zones,
      local_times: answer.localTimes,
      opens_at: answer.opensAt === null ? null : new Date(answer.opensAt).toISOString(),
    })
  }
}
