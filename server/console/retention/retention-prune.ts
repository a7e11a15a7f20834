// The daily prune: the console's own rows older than their window (retention-windows.ts) go, batch by batch, and
// the trail says how many of each kind went (never which calls or numbers). The audit trail is not among them: it
// keeps its own window (CONSOLE_AUDIT_RETENTION_DAYS) behind a checkpoint (audit/audit-log.ts).
import type { AuditLog } from '../audit/audit-log'
import type { Logger } from '../http/request-log'
import type { ConsoleStore } from '../store'
import { NOTES_BATCH, PRUNE_BATCH } from '../store/retention'
import { cutoffOf, type RetentionWindows } from './retention-windows'

const DAY_MS = 24 * 60 * 60_000

/** Rows pruned by kind: calls in the index, the console's records of who placed them, notes, outcomes, scores. */
interface PrunedCounts {
  calls: number
  placements: number
  notes: number
  outcomes: number
  scores: number
}

export interface RetentionPruneOptions {
  store: Pick<ConsoleStore, 'retention'>
  audit: Pick<AuditLog, 'record'>
  windows: RetentionWindows
  now: () => number
  logger?: Logger
  /** Rows a batch deletes at most (tests make it small, to see several batches). */
  batch?: number
}

// Between two batches the event loop serves whoever waits: a prune of a million rows never holds the console up.
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Deletes one kind batch by batch until a batch comes back short, or the prune is told to stop. */
async function drain(
  prune: (before: number, batch: number) => Promise<number>,
  before: number,
  batch: number,
  stopped: () => boolean,
) {
  let total = 0
  while (!stopped()) {
    const removed = await prune(before, batch)
    total += removed
    if (removed < batch) break
    await nextTurn()
  }
  return total
}

/** One prune at `now()`, audited as `retention.pruned` with its counts. */
export async function pruneOnce(options: RetentionPruneOptions, stopped: () => boolean = () => false) {
  const { retention } = options.store
  const batch = options.batch ?? PRUNE_BATCH
  const at = options.now()
  const calls = cutoffOf(options.windows.callsDays, at)
  const notes = cutoffOf(options.windows.notesDays, at)
  const counts: PrunedCounts = { calls: 0, placements: 0, notes: 0, outcomes: 0, scores: 0 }
  if (calls !== null) {
    counts.calls = await drain(retention.pruneIndexedCalls, calls, batch, stopped)
    counts.placements = await drain(retention.pruneCallOwners, calls, batch, stopped)
  }
  if (notes !== null) {
    counts.notes = await drain(retention.pruneNotes, notes, Math.min(batch, NOTES_BATCH), stopped)
    counts.outcomes = await drain(retention.pruneOutcomes, notes, batch, stopped)
    // A score's comment is said of the call, as a note is: the notes' window.
    counts.scores = await drain(retention.pruneScores, notes, batch, stopped)
  }
  await options.audit.record({
    actor: null,
    action: 'retention.pruned',
    outcome: 200,
    detail: {
      ...counts,
      calls_days: options.windows.callsDays,
      notes_days: options.windows.notesDays,
      // A prune cut short by a shutdown says so: the next one finishes it.
      ...(stopped() ? { interrupted: true } : {}),
    },
  })
  options.logger?.info({ msg: 'retention prune done', ...counts })
  return counts
}

/** Prunes at once, then every `everyMs` (a day); close stops between two batches and waits for the prune under way. */
export function startRetentionPrune(options: RetentionPruneOptions & { everyMs?: number }) {
  let closed = false
  let running: Promise<unknown> = Promise.resolve()
  const run = () => {
    running = running
      .then(() => (closed ? null : pruneOnce(options, () => closed)))
      .catch((error) => options.logger?.error({ msg: 'retention prune failed', error: String(error) }))
  }
  run()
  const timer = setInterval(run, options.everyMs ?? DAY_MS)
  timer.unref()
  return {
    /** Settles when the prunes asked for so far have finished (tests). */
    settled: () => running.then(() => undefined),
    close: async () => {
      closed = true
      clearInterval(timer)
      await running
    },
  }
}
