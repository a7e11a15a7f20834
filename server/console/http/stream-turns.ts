// The long downloads of an instance (CSV exports of every call) work a page at a time, and the pages take turns:
// one page of the instance's at once, in rotation between people (fair-turns.ts), and after each page a rest three
// times as long as the event loop was busy during it (at `share` 0.25), the turn held through the rest; a page
// during which no other request began on the instance does not rest, so an export alone keeps its speed. The loop's
// busy time counts what a page costs everyone else wherever it runs: on PostgreSQL the driver parses the page's rows
// on the loop, on SQLite a reader thread reads them and only the CSV is the loop's. So the exports of an instance,
// however many and whoever's, keep the loop busy at most `share` of the time, and one person's twenty exports cost
// another person's reads what one export costs.
import { performance } from 'node:perf_hooks'
import { createFairTurns } from './fair-turns'
import { requestsBegun } from './requests-begun'

export interface StreamTurns {
  /**
   * Runs `work` (one page: read it, make it into bytes) in `person`'s turn and answers its result as soon as it
   * is done; the turn stays held for the rest after it. A wait aborted by `signal` (the client went away) leaves
   * the line and rejects with the signal's reason.
   */
  page<T>(person: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T>
}

interface StreamTurnsOptions {
  /** The most of the event loop's time the pages may take together, over 0 and at most 1 (1: no rest). */
  share: number
  /** The event loop's busy milliseconds so far (performance.eventLoopUtilization), unless a test holds the clock. */
  busyClock?: () => number
  /** Resolves after `ms` (the rest): a timer unless a test moves time itself. */
  rest?: (ms: number) => Promise<void>
  /**
   * Requests begun on this instance so far (requests-begun.ts): a page during which none began rests not at all,
   * so an export nobody else waits on is not slowed (a lone SQLite export ran at a sixth of its speed with rests).
   */
  requestsBegun?: () => number
}

const timerRest = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export function createStreamTurns(options: StreamTurnsOptions): StreamTurns {
  const share = Math.min(1, Math.max(0.01, options.share))
  const clock = options.busyClock ?? (() => performance.eventLoopUtilization().active)
  const rest = options.rest ?? timerRest
  const begun = options.requestsBegun ?? requestsBegun
  const turns = createFairTurns({ atOnce: 1, perPerson: 1 })
  return {
    async page(person, work, signal) {
      const turn = await turns.take(person, signal)
      const started = clock()
      const before = begun()
      const release = () => {
        const spent = Math.max(0, clock() - started)
        const others = begun() !== before
        const resting = others ? (spent * (1 - share)) / share : 0
        if (resting <= 0) turn.done()
        else void rest(resting).then(turn.done, turn.done)
      }
      try {
        return await work()
      } finally {
        release()
      }
    },
  }
}
