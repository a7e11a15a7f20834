// A call placed to a list's contact (its metadata names the list and the contact, use-place-list-call.ts) goes to
// the voice service only while its placer still holds the contact: a tab left open past the claim's lapse (a long
// outage of the service, a lunch) would otherwise call a callee another agent has taken, and called, meanwhile.
// Held, the claim is renewed for the call; not held, 409 in words, and nothing is forwarded.
import type { Context } from 'hono'
import { CLAIM_TTL_MS, LIST_METADATA_KEYS } from '../../../src/api/contract/call-list-schemas'
import { isPlacement } from '../audit/placement-forwarded'
import type { SessionEnv } from '../auth/require-session'
import { sendProblem } from '../http/problem'
import type { Operation } from '../operations'
import type { ConsoleStore } from '../store'

const CONTACT_ID = /^[1-9]\d{0,15}$/

/** The list and contact a placement's body names, if it names both. */
async function listContactOf(request: Request): Promise<{ listId: string; contactId: number } | null> {
  try {
    const body = (await request.clone().json()) as { metadata?: Record<string, unknown> } | null
    const listId = body?.metadata?.[LIST_METADATA_KEYS.list]
    const contactId = body?.metadata?.[LIST_METADATA_KEYS.contact]
    if (typeof listId !== 'string' || typeof contactId !== 'string' || !CONTACT_ID.test(contactId)) return null
    return { listId, contactId: Number(contactId) }
  } catch {
    // Not JSON: the service answers that in its own words.
    return null
  }
}

export function listPlacementClaim(store: ConsoleStore, now: () => number) {
  /** Null: the placement may go on; otherwise its refusal. */
  return async (c: Context<SessionEnv>, operation: Operation): Promise<Response | null> => {
    if (!isPlacement(operation)) return null
    const named = await listContactOf(c.req.raw)
    if (!named) return null
    const contact = await store.callListContacts.find(named.contactId)
    // Metadata that names no contact of that list is the caller's own business, not a list's call.
    if (!contact || contact.listId !== named.listId) return null
    if (await store.callListContacts.renewHeld(contact.id, c.get('session').userId, now(), CLAIM_TTL_MS)) return null
    return sendProblem(
      c,
      409,
      'Not your contact any more',
      'This contact is no longer yours: your claim lapsed and someone else took it, or it was finished. Nothing was called. Go to the next contact.',
    )
  }
}
