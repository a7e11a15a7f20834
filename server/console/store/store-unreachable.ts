// Whether an error means the store cannot be reached right now (a PostgreSQL restart or failover, a dropped
// connection, SQLite's file locked past its busy timeout), as opposed to a fault in the query. Such a request
// may succeed when tried again: the console answers it 503 with Retry-After, never 500.

// PostgreSQL's SQLSTATE classes and codes that mean "not now": connection exceptions (08), the server shutting
// down or starting (57P01–57P03), too many connections (53300).
const UNAVAILABLE_STATES = /^(08\d{3}|57P0[123]|53300)$/
// The Node.js socket errors a lost or refused connection raises.
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'])
// What pg says of a connection that dropped or never came (no code of its own).
const PG_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i

export function isStoreUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || SOCKET_CODES.has(code))) return true
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return true
  return PG_MESSAGES.test(error.message)
}
