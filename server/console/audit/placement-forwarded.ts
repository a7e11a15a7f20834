// A call placement's first entry, written before the request goes to the voice service: who, the idempotency key,
// the numbers. Its answer (call.placed, call.replayed, call.refused) comes as a second entry naming this one, since
// a hashed entry is never changed. A console killed between the two leaves the trail saying "forwarded, answer
// unknown", where before it said nothing of a call that may exist at the service.
import type { Context } from 'hono'
import type { AuditEntry } from '../../../src/api/contract/audit-schemas'
import type { SessionEnv } from '../auth/require-session'
import type { Operation } from '../operations'
import type { ConsoleStore } from '../store'
import type { AuditRow } from '../store/schema'
import type { AuditLog } from './audit-log'
import { auditEntryOf } from './entry-json'
import { actorOf, requestFacts } from './request-facts'

/** A placement's entries: what `placed` answers name as `forwardedEntry`. */
export const isPlacement = (operation: Operation) => operation.method === 'POST' && operation.route.endsWith('/calls')

// HTTP's "Processing": the request is under way and no answer has come. The entry's outcome until its answer's entry.
const NO_ANSWER_YET = 102
// A phone number, as the spec writes it, is 16 characters at most; anything longer is clipped, never stored whole.
const MAX_NUMBER = 32

async function numbersOf(request: Request): Promise<{ destination: string | null; callerId: string | null }> {
  const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, MAX_NUMBER) : null)
  try {
    // A clone: the body still goes to the service whole.
    const body = (await request.clone().json()) as Record<string, unknown>
    return { destination: text(body?.destination), callerId: text(body?.caller_id) }
  } catch {
    return { destination: null, callerId: null }
  }
}

export function createPlacementForwarding(audit: AuditLog) {
  /** The entry's seq once committed, for a placement; null for any other operation. */
  return async function recordForwarding(c: Context<SessionEnv>, operation: Operation): Promise<number | null> {
    if (!isPlacement(operation)) return null
    const { destination, callerId } = await numbersOf(c.req.raw)
    const entry = await audit.record({
      actor: actorOf(c.get('session')),
      ...requestFacts(c),
      action: 'call.placement-forwarded',
      // The number, so a search by it finds the placement before any call id is known.
      target: destination,
      outcome: NO_ANSWER_YET,
      detail: { idempotencyKey: c.req.header('idempotency-key') ?? null, destination, callerId },
    })
    return entry.seq
  }
}

export type PlacementForwarding = ReturnType<typeof createPlacementForwarding>

/** An entry as the audit page shows it: a forwarded placement with the entry that answered it, or null for none yet. */
export async function withAnswer(store: ConsoleStore, row: AuditRow): Promise<AuditEntry> {
  const entry = auditEntryOf(row)
  if (entry.action !== 'call.placement-forwarded') return entry
  const key = entry.detail?.idempotencyKey
  const answeredBy = await store.audit.answerOf({
    seq: entry.seq,
    userId: entry.actor?.userId ?? null,
    idempotencyKey: typeof key === 'string' ? key : null,
  })
  return { ...entry, answeredBy }
}
