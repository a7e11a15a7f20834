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
/** Everyone's exports an instance streams at once, unless CONSOLE_EXPORTS_PER_INSTANCE says otherwise. */
export const DEFAULT_EXPORTS_PER_INSTANCE = 8

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
  /**
   * Exports this instance streams at once, everyone's together (CONSOLE_EXPORTS_PER_INSTANCE): each holds its
   * selection's ids in memory while it streams (about 8 bytes a call: store/call-selection.ts), so many people
   * exporting at once must not add up past what one instance can hold. Past it an export waits as a person's does.
   */
  perInstance: number
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
  const instanceSlots = createInstanceSlots(options.perInstance)
  return {
    async claim(c, userId) {
      const waitMs = options.waitMs ?? EXPORT_WAIT_MS
      const waitUntil = Date.now() + waitMs
      const slot = await slots.claimWhenFree(userId, {
        maxWaitMs: waitMs,
        maxWaiting: perPerson,
        signal: c.req.raw.signal,
      })
      if (!slot) {
        c.header('Retry-After', '10')
        return sendProblem(
          c,
          429,
          'Too many exports at once',
          `You already have ${perPerson} exports under way and more waiting. Wait for one to finish, then export again.`,
        )
      }
      // The instance's turn within what is left of the same wait: one person's exports never wait twice as long.
      const releaseInstance = await instanceSlots.claim(Math.max(0, waitUntil - Date.now()), c.req.raw.signal)
      if (releaseInstance) {
        let released = false
        return {
          release: async () => {
            if (!released) releaseInstance()
            released = true
            await slot.release()
          },
        }
      }
      await slot.release()
      c.header('Retry-After', '10')
      return sendProblem(
        c,
        503,
        'The console is busy exporting',
        `${options.perInstance} exports are under way on this console for the team. Wait a little, then export again.`,
      )
    },
    pages: (userId) => (work, signal) => pageTurns.page(userId, work, signal),
  }
}

/**
 * Slots of this instance, first come first served: a claim waits up to `waitMs` (or until its request is aborted) and
 * answers the slot's release, or null when none came free in time.
 */
function createInstanceSlots(size: number) {
  let busy = 0
  const waiting: ((granted: boolean) => void)[] = []
  const release = () => {
    const next = waiting.shift()
    if (next) next(true)
    else busy--
  }
  return {
    claim(waitMs: number, signal: AbortSignal): Promise<(() => void) | null> {
      if (busy < size) {
        busy++
        return Promise.resolve(release)
      }
      if (waitMs <= 0 || signal.aborted) return Promise.resolve(null)
      return new Promise((resolve) => {
        const grant = (granted: boolean) => {
          clearTimeout(timer)
          signal.removeEventListener('abort', giveUp)
          resolve(granted ? release : null)
        }
        const giveUp = () => {
          const at = waiting.indexOf(grant)
          if (at >= 0) waiting.splice(at, 1)
          grant(false)
        }
        const timer = setTimeout(giveUp, waitMs)
        signal.addEventListener('abort', giveUp, { once: true })
        waiting.push(grant)
      })
    },
  }
}
