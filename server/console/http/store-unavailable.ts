// The store out of reach (PostgreSQL restarting, failing over, refusing connections) as the console answers
// it: 503 problem+json with Retry-After, never a 500 that reads like the console's own fault. Read once, in
// the app's error handler. SQLite is a file in the process: it has no such state.
import { problem } from './problem'

// PostgreSQL's SQLSTATEs for "the server is going or gone": admin/crash shutdown, cannot connect now, too many
// connections; and class 08, connection exceptions.
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300'])
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
// node-postgres says these in words only, with no code.
const PG_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i

export function isStoreUnreachable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code)))
    return true
  if (error instanceof Error && PG_MESSAGES.test(error.message)) return true
  // A refused connection to a name with two addresses is an AggregateError of both.
  if (error instanceof AggregateError && error.errors.some((inner) => isStoreUnreachable(inner, depth + 1))) return true
  return isStoreUnreachable((error as { cause?: unknown }).cause, depth + 1)
}

/** Seconds a client should wait: a restart or failover of PostgreSQL takes a few. */
export const STORE_RETRY_AFTER_S = 5

export function storeUnavailableProblem(error: unknown): Response | null {
  if (!isStoreUnreachable(error)) return null
  return problem(
    503,
    'Console store unavailable',
    'The console cannot reach its database just now, so nothing was done. Try again in a few seconds.',
    { 'Retry-After': String(STORE_RETRY_AFTER_S) },
  )
}
