// A placement sent and not yet seen answered, kept across a reload: a reload while a slow service places the call,
// then the same form sent again, must reuse the same Idempotency-Key, or the service places a second call. So the
// intent (its key, the form's values, when it was first sent) goes to sessionStorage when it is sent, and goes
// away once this tab has seen its answer or the person starts another.
//
// sessionStorage is per tab, which is right here: each tab's intent is its own (two tabs placing a call each are
// two calls), and a reload keeps it. It holds phone numbers and metadata, unlike the in-memory draft
// (new-call-draft.ts): only while a placement is pending, in this tab alone, and the browser drops it with the tab.
import * as z from 'zod/mini'
import type { Submission } from '@/api/idempotent-submit'
import type { NewCallDraftValues } from './new-call-draft'

const KEY = 'voice-dashboard:pending-placement'
/** After this, a pending intent is forgotten: the person has moved on, and the service may have forgotten its key. */
const KEPT_MS = 60 * 60_000

export interface PendingPlacement {
  submission: Submission
  values: Omit<NewCallDraftValues, 'submission'>
  /** When it was first sent (this browser's clock). */
  sentAt: number
  /** The history entry it was sent from: a reload keeps it, so a reloaded link finds its own placement. */
  entry?: string
}

const pendingPlacement = z.object({
  submission: z.object({ key: z.string(), fingerprint: z.string() }),
  values: z.object({
    callerId: z.string(),
    destination: z.string(),
    record: z.boolean(),
    metadataRows: z.array(z.object({ id: z.string(), key: z.string(), value: z.string() })),
  }),
  sentAt: z.number(),
  entry: z.optional(z.string()),
})

export function savePendingPlacement(pending: PendingPlacement, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(KEY, JSON.stringify(pending))
  } catch {
    // Storage refused (full, or disabled): the placement goes on, only a reload then forgets its key.
  }
}

export function readPendingPlacement(now = Date.now(), storage: Storage = sessionStorage): PendingPlacement | null {
  try {
    const parsed = pendingPlacement.safeParse(JSON.parse(storage.getItem(KEY) ?? 'null'))
    if (!parsed.success || now - parsed.data.sentAt > KEPT_MS) return null
    return parsed.data
  } catch {
    return null
  }
}

export function clearPendingPlacement(storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(KEY)
  } catch {
    // Nothing kept, nothing to clear.
  }
}

/**
 * The placement a form that just opened brings back: the one sent from this same history entry (a reloaded link or
 * "Call again" keeps its entry, and must not place its call twice), or the tab's last on a form with nothing to fill.
 * A new link or "Call again" opened since is a new intent, and starts from what it carries.
 */
export function placementToRestore(
  pending: PendingPlacement | null,
  { entry, filled }: { entry: string | undefined; filled: boolean },
): PendingPlacement | null {
  if (!pending) return null
  if (entry !== undefined && pending.entry === entry) return pending
  return filled ? null : pending
}
