// The outcome "Do not call again" with the person's confirmation puts the call's number on the do-not-call list
// (issue 52). Whoever may record that outcome on the call may list its number this way, without do-not-call:manage:
// the callee asked, on this call, and the list exists to honour exactly that; taking a number off stays the admins'.
import type { Context } from 'hono'
import type { AuditLog } from '../../audit/audit-log'
import { actorOf, requestFacts } from '../../audit/request-facts'
import type { SessionEnv } from '../../auth/require-session'
import type { ConsoleStore } from '../../store'

// The voice service names destinations in E.164; anything else is not a number the list can hold.
const E164 = /^\+[1-9]\d{1,15}$/

export interface DoNotCallStanding {
  phone_number: string | null
  listed: boolean
}

/** The call's number and whether it is listed now: what the outcome panel shows under "Do not call again". */
export async function doNotCallStanding(store: ConsoleStore, callId: string): Promise<DoNotCallStanding> {
  const destination = await store.callWork.destinationOf(callId)
  if (destination === null || !E164.test(destination)) return { phone_number: destination, listed: false }
  return { phone_number: destination, listed: (await store.doNotCall.find(destination)) !== null }
}

/** Lists the call's number, naming the call in the reason, and audits it as any listing is; a listed number stays as it was. */
export async function listCalledNumber(
  c: Context<SessionEnv>,
  options: { store: ConsoleStore; audit: AuditLog; callId: string; at: number },
): Promise<void> {
  const destination = await options.store.callWork.destinationOf(options.callId)
  if (destination === null || !E164.test(destination)) return
  const session = c.get('session')
  const reason = `Asked not to be called again on call ${options.callId} (outcome recorded by ${session.email}).`
  const { added } = await options.store.doNotCall.add({
    phoneNumber: destination,
    reason,
    source: 'outcome',
    addedById: session.userId,
    addedByEmail: session.email,
    addedAt: options.at,
  })
  // Listed already: the first listing stands, and nothing changed to audit.
  if (!added) return
  await options.audit.record({
    actor: actorOf(session),
    ...requestFacts(c),
    action: 'do-not-call.added',
    target: destination,
    outcome: 201,
    detail: { reason, source: 'outcome', call_id: options.callId },
  })
}
