// What every store adapter says when a read is refused for its cost: its time budget spent, or too many
// waiting. Dialect-neutral: SQLite's readers (sqlite/readers/) throw them, a PostgreSQL pool would too,
// and the console answers both with 503 (http/query-problems.ts).

export interface QueryLimits {
  /** Readers running at once (SQLite: worker threads, each with a read-only connection). */
  workers: number
  /** The longest one statement may run; past it the reader is stopped and the query refused. */
  budgetMs: number
  /** Queries waiting for a reader; past it a query is refused at once rather than held in memory. */
  maxQueued: number
}

export const DEFAULT_QUERY_LIMITS: QueryLimits = { workers: 2, budgetMs: 5_000, maxQueued: 64 }

export class QueryBudgetSpent extends Error {
  constructor(readonly budgetMs: number) {
    super(`The query ran past its budget of ${budgetMs} ms and was stopped.`)
    this.name = 'QueryBudgetSpent'
  }
}

export class QueriesQueueFull extends Error {
  constructor(readonly queued: number) {
    super(`${queued} queries already wait for a reader of the store.`)
    this.name = 'QueriesQueueFull'
  }
}
