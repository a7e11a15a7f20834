// Who is signed in, for the web tests of what reads the session (the time zone, the permissions): the answer of
// GET /session, and a query client that already holds it, as the app's does once the session has loaded.
import { QueryClient } from '@tanstack/react-query'
import type { Permission, Preferences, SessionResponse } from '@/api/contract/console-schemas'
import { sessionQueries } from '@/api/session'

/** A support agent signed in, with the permissions the test's page needs. */
export const agentSession = (
  permissions: Permission[] = ['calls:read'],
  preferences: Preferences = { timeZone: 'UTC' },
): SessionResponse => ({
  user: { id: 'usr_1', email: 'ana@example.test', role: 'support' },
  permissions,
  preferences,
})

/** A new query client that knows `session` without asking for it. */
export function signedInClient(session: SessionResponse = agentSession()) {
  const client = new QueryClient()
  client.setQueryData(sessionQueries.current().queryKey, session)
  return client
}
