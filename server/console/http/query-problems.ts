// The store's refusals of a heavy read (store/query-limits.ts), a store that cannot be reached or cannot save, as the
// console answers them: 503 with Retry-After and what to do, never a 500. Read once, in the app's error handler.
import { QueriesQueueFull, QueryBudgetSpent } from '../store/query-limits'
import { isStoreUnreachable } from '../store/store-unreachable'
import { isStoreUnwritable } from '../store/store-unwritable'
import { problem } from './problem'

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(2))} s`

export function queryLimitProblem(error: unknown): Response | null {
  if (error instanceof QueryBudgetSpent)
    return problem(
      503,
      'Search took too long',
      `This search took longer than ${seconds(error.budgetMs)}; narrow it with a date range or more filters.`,
      { 'Retry-After': String(Math.max(1, Math.ceil(error.budgetMs / 1000))) },
    )
  if (error instanceof QueriesQueueFull)
    return problem(
      503,
      'Console busy',
      'The console is busy with many searches and exports right now. Try again in a few seconds.',
      { 'Retry-After': '5' },
    )
  if (isStoreUnwritable(error))
    return problem(
      503,
      'Console cannot save',
      'The console cannot save right now: its database is full or read-only. Try again later, or tell an admin.',
      { 'Retry-After': '30' },
    )
  if (isStoreUnreachable(error))
    return problem(
      503,
      'Console database unavailable',
      'The console cannot reach its database right now. Try again in a few seconds.',
      { 'Retry-After': '5' },
    )
  return null
}
