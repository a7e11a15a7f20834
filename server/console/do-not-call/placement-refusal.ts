// A placement to a listed number is refused here, in the voice proxy, before anything reaches the service: the page,
// a script with a session, and a call list all go through it, and every instance reads the one store at each
// placement, so a number listed through one instance is refused by every other at once. The refusal is audited.
import type { Context } from 'hono'
import { DO_NOT_CALL } from '../../../src/api/contract/do-not-call-schemas'
import { isPlacement } from '../audit/placement-forwarded'
import { recordPlacementRefusal } from '../audit/placement-refusal'
import type { RefusalTally } from '../audit/refusal-tally'
import type { SessionEnv } from '../auth/require-session'
import { sendProblem } from '../http/problem'
import type { Operation } from '../operations'
import type { ConsoleStore } from '../store'
import type { DoNotCallRow } from '../store/do-not-call'
import { destinationKey, readableNumber } from './phone-number'

// The spec's numbers are 16 characters at most; a longer destination is no listed number.
const MAX_NUMBER = 32

/** The destination a placement's body names, read from a clone so the body still goes to the service whole. */
async function destinationOf(request: Request): Promise<string | null> {
  try {
    const body = (await request.clone().json()) as { destination?: unknown } | null
    const destination = body?.destination
    return typeof destination === 'string' && destination.length <= MAX_NUMBER ? destination : null
  } catch {
    // Not JSON: the service answers that in its own words.
    return null
  }
}

/** "+1 415 555 0101 was put on the do-not-call list on 2026-12-06 by ana@example.com: asked on the phone." */
function whyListed(entry: DoNotCallRow): string {
  const day = new Date(entry.addedAt).toISOString().slice(0, 10)
  const how =
    entry.source === 'import'
      ? 'was imported onto the do-not-call list'
      : entry.source === 'outcome'
        ? 'was put on the do-not-call list (outcome "Do not call again")'
        : 'was put on the do-not-call list'
  return `${readableNumber(entry.phoneNumber)} ${how} on ${day} by ${entry.addedByEmail}: ${entry.reason}`
}

export function doNotCallRefusal(store: ConsoleStore, refusals: RefusalTally) {
  /** Null: the placement may go on; otherwise its refusal. */
  return async (c: Context<SessionEnv>, operation: Operation): Promise<Response | null> => {
    if (!isPlacement(operation)) return null
    const destination = await destinationOf(c.req.raw)
    if (destination === null) return null
    const entry = await store.doNotCall.find(destinationKey(destination))
    if (!entry) return null
    const status = 403
    await recordPlacementRefusal(refusals, c, {
      action: 'call.do-not-call-refused',
      target: entry.phoneNumber,
      status,
      detail: { listedAt: entry.addedAt },
    })
    const sentence = whyListed(entry)
    return sendProblem(
      c,
      status,
      'This number is on the do-not-call list',
      `${sentence}${/[.!?]$/.test(sentence) ? '' : '.'} Nothing was called.`,
      { type: DO_NOT_CALL, phone_number: entry.phoneNumber },
    )
  }
}
