// What one person's searches may take of the store's readers, counted by the work they cause and not only by
// requests: the pace counted 40-term searches twice a second as ordinary, each ran its queries to the 5 s budget,
// and everyone's searches queued behind them. Here a search
//   - is charged one token of the person's query pace per term past the first, and, when a query ran to its
//     budget, TOKENS_PER_BUDGET_SECOND for each second of it: a flood of dear searches slows its sender;
//   - takes one of the person's SEARCHES_PER_PERSON slots in the store (running or waiting, across instances; a
//     429 when all are taken), as exports take theirs (http/person-slots.ts);
//   - waits for a turn at this instance's readers in rotation with other people's (http/fair-turns.ts), at most
//     SEARCHES_RUNNING_PER_PERSON of a person's at once, so another person's search waits behind one of theirs.
import type { Context } from 'hono'
import type { SessionEnv } from '../../auth/require-session'
import type { FairTurns } from '../../http/fair-turns'
import { createPersonSlots } from '../../http/person-slots'
import { problem, sendProblem } from '../../http/problem'
import type { UserRateLimiter } from '../../http/user-rate-limit'
import type { ConsoleStore } from '../../store'
import type { CallSearchFilter } from '../../store/call-search'
import { QueryBudgetSpent } from '../../store/query-limits'

/** A person's searches at the readers at once, on one instance. */
export const SEARCHES_RUNNING_PER_PERSON = 1
/** A person's searches running or waiting, across instances: one running and two behind it. */
export const SEARCHES_PER_PERSON = 3
/** A query stopped at its budget costs this many of the pace's tokens a second it ran (5 s: 10 tokens, 5 s of the default pace). */
const TOKENS_PER_BUDGET_SECOND = 2

/** The terms of a search: each one more group of the trigram query and one more check of every row read. */
const termsOf = (filter: Pick<CallSearchFilter, 'numbers' | 'texts'>) => filter.numbers.length + filter.texts.length

export function createSearchLimits(options: {
  store: Pick<ConsoleStore, 'personClaims'>
  /** The person's query pace: the request itself has already taken its token there. */
  pace: Pick<UserRateLimiter, 'charge'>
  turns: FairTurns
  now: () => number
}) {
  const { pace, turns } = options
  const slots = createPersonSlots(options.store, 'search', SEARCHES_PER_PERSON, options.now)
  // A charge the store cannot take is lost: the person is paced a little more gently for once.
  const charge = (userId: string, tokens: number) => (tokens > 0 ? pace.charge(userId, tokens).catch(() => {}) : null)

  /** Runs `search` when it is this person's turn, or answers why not. */
  return async function withinLimits(
    c: Context<SessionEnv>,
    filter: Pick<CallSearchFilter, 'numbers' | 'texts'>,
    search: () => Promise<Response>,
  ): Promise<Response> {
    const userId = c.get('session').userId
    await charge(userId, termsOf(filter) - 1)
    const slot = await slots.claim(userId)
    if (!slot) {
      c.header('Retry-After', '1')
      return sendProblem(
        c,
        429,
        'Too many searches at once',
        `You already have ${SEARCHES_PER_PERSON} searches running or waiting. Wait for them to finish, then search again.`,
      )
    }
    try {
      const signal = c.req.raw.signal
      const turn = await turns.take(userId, signal).catch((error: unknown) => {
        if (signal.aborted) return null
        throw error
      })
      // The person closed the page while waiting: nobody reads an answer.
      if (!turn) return problem(499, 'Search cancelled', 'The search was cancelled before it ran.')
      try {
        return await search()
      } catch (error) {
        if (error instanceof QueryBudgetSpent)
          await charge(userId, Math.ceil((error.budgetMs / 1000) * TOKENS_PER_BUDGET_SECOND))
        throw error
      } finally {
        turn.done()
      }
    } finally {
      await slot.release()
    }
  }
}
