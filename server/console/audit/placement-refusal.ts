// The proxy's refusals of a placement (a number on the do-not-call list, a last call without its outcome, a recorded
// call without the callee's consent, a callee outside their calling hours), audited alike: who, from where, the
// target, the status and the placement's idempotency key, then what the refusal adds. Folded as a signed-in person's
// other refusals are (refusal-tally.ts): the first of a minute at once, in full, the rest as one entry with their
// count, so that a person pressing again and again, or a script, grows the trail by one entry a minute and target.
import type { Context } from 'hono'
import type { SessionEnv } from '../auth/require-session'
import type { PlacementRefusalAction, RefusalTally } from './refusal-tally'
import { actorOf, requestFacts } from './request-facts'

export function recordPlacementRefusal(
  refusals: RefusalTally,
  c: Context<SessionEnv>,
  refusal: { action: PlacementRefusalAction; target: string; status: number; detail: Record<string, unknown> },
): Promise<void> {
  return refusals.notePerson({
    actor: actorOf(c.get('session')),
    ...requestFacts(c),
    action: refusal.action,
    target: refusal.target,
    outcome: refusal.status,
    detail: { idempotencyKey: c.req.header('idempotency-key') ?? null, ...refusal.detail },
  })
}
