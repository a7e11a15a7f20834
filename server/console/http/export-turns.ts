// The turns every long CSV export of an instance takes, whatever it exports (the calls, the audit trail): made once
// per instance (console-app/parts.ts) and given to each export's routes, so that a person's exports of every kind
// count together against CONSOLE_EXPORTS_PER_PERSON on every instance (person-slots.ts), and the pages of all of
// them take one line, in rotation between people, resting when others wait (stream-turns.ts).
import type { Context } from 'hono'
import type { ConsoleStore } from '../store'
import { createPersonSlots, type PersonSlot } from './person-slots'
import { sendProblem } from './problem'
import { createStreamTurns, type StreamTurns } from './stream-turns'

// Every export of the instance together, whoever's, keeps the event loop busy at most a quarter of the time: one page
// at a time in rotation between people, then a rest three times what it cost the loop (stream-turns.ts).
const EXPORTS_TIME_SHARE = 0.25
// An export asked for while the person's others stream waits for one to end rather than being refused at once: as
// many of a person's may wait as may stream, each at most this long (a download that has not begun, in the browser).
const EXPORT_WAIT_MS = 30_000

/** A person's turns at the pages, as csvStream's `turns` takes them. */
type PersonPageTurns = <R>(work: () => Promise<R>, signal: AbortSignal) => Promise<R>

export interface ExportTurns {
  /**
   * One of the person's export slots, at once or within the wait; else the 429 to answer (more of theirs waiting
   * than may stream, or the wait ran out). The slot is released when the export ends, however it ends.
   */
  claim(c: Context, userId: string): Promise<PersonSlot | Response>
  /** The person's turns at the instance's export pages. */
  pages(userId: string): PersonPageTurns
}

export function createExportTurns(options: {
  store: Pick<ConsoleStore, 'personClaims'>
  /** Exports one person may have streaming at once (CONSOLE_EXPORTS_PER_PERSON); as many more wait. */
  perPerson: number
  now: () => number
  /** A test may hold the pages' clock. */
  pageTurns?: StreamTurns
  /** A test may shorten the wait for a slot. */
  waitMs?: number
}): ExportTurns {
  const { perPerson } = options
  const pageTurns = options.pageTurns ?? createStreamTurns({ share: EXPORTS_TIME_SHARE })
  // Per person, in the store: exports under way on every instance, from the first query until the stream ends.
  const slots = createPersonSlots(options.store, 'export', perPerson, options.now)
  return {
    async claim(c, userId) {
      const slot = await slots.claimWhenFree(userId, {
        maxWaitMs: options.waitMs ?? EXPORT_WAIT_MS,
        maxWaiting: perPerson,
        signal: c.req.raw.signal,
      })
      if (slot) return slot
      c.header('Retry-After', '10')
      return sendProblem(
        c,
        429,
        'Too many exports at once',
        `You already have ${perPerson} exports under way and more waiting. Wait for one to finish, then export again.`,
      )
    },
    pages: (userId) => (work, signal) => pageTurns.page(userId, work, signal),
  }
}
