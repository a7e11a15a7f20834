// The console's own API: who is signed in, the sign-in page's setup, sign-in and
// sign-out, and (for admins) whether the voice service accepts the console's key.
import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { apiRequest } from './client'
import {
  CONSOLE_PREFIX,
  type Permission,
  SESSION_ELEMENT_ID,
  type SessionResponse,
  sessionState,
  upstreamStatus,
} from './contract/console-schemas'
import { fetchSetup, fetchSignedIn, signedIn } from './sign-in'

const onConsole = { prefix: CONSOLE_PREFIX }

export const sessionQueries = {
  all: () => ['session'] as const,
  /** The signed-in person, or null: a 401 here is an answer, not an error. */
  current: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'current'] as const,
      queryFn: ({ signal }) => fetchSignedIn(signal),
      // Read again on each navigation and after a 403 (router.ts, query-client.ts), not on a timer.
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
  setup: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'setup'] as const,
      queryFn: ({ signal }) => fetchSetup(signal),
    }),
  upstream: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'upstream'] as const,
      queryFn: ({ signal }) => apiRequest('/upstream', { ...onConsole, schema: upstreamStatus, signal }),
      // Read again whenever the service is seen to come back or go (service-recovery.ts, the banner).
      staleTime: 60_000,
    }),
}

export function signOut(): Promise<undefined> {
  return apiRequest('/sign-out', { ...onConsole, method: 'POST', schema: z.undefined() })
}

export function can(session: SessionResponse | null | undefined, permission: Permission): boolean {
  return session?.permissions.includes(permission) ?? false
}

/** Marks a not-found thrown because the role may not use the page (see NotFound). */
export const NOT_ALLOWED = 'not-allowed'

/**
 * A route's guard: the server refuses the same requests; this spares the page a wall of 403s.
 * It throws a not-found that says why, which the router renders in the layout without logging it as a failure.
 */
export function requirePermission(session: SessionResponse | null | undefined, permission: Permission): void {
  if (!can(session, permission)) throw notFound({ data: { reason: NOT_ALLOWED, permission } })
}

/**
 * Who is signed in now, and nothing cached of the person before: every other answer is
 * dropped. The session query itself stays, so the layout watching it sees the change.
 */
export function replaceSession(queryClient: QueryClient, session: SessionResponse | null): void {
  const current = sessionQueries.current()
  queryClient.removeQueries({ predicate: (query) => query.queryHash !== JSON.stringify(current.queryKey) })
  queryClient.setQueryData(current.queryKey, session)
}

/**
 * The session index.html was served with (the console writes it there), read once at start-up so the
 * first page needs no round trip to learn who is signed in. Undefined when there is none (Vite's dev
 * server), and the session is then fetched as usual.
 */
export function takeEmbeddedSession(): SessionResponse | null | undefined {
  const element = document.getElementById(SESSION_ELEMENT_ID)
  if (!element) return undefined
  element.remove()
  try {
    const parsed = sessionState.safeParse(JSON.parse(element.textContent ?? ''))
    if (!parsed.success) return undefined
    return signedIn(parsed.data)
  } catch {
    return undefined
  }
}

/**
 * Calls `roleChanged` when the server's answer names the same person with another role (an admin
 * changed it), and `ended` when it names nobody any more (an admin ended the session). What this
 * tab sets itself (sign-in, sign-out, preferences) is not a change from elsewhere.
 */
export function watchSessionChanges(
  queryClient: QueryClient,
  on: { roleChanged: () => void; ended: () => void },
): () => void {
  const current = sessionQueries.current()
  let known = queryClient.getQueryData(current.queryKey)
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return
    if (event.query.queryHash !== JSON.stringify(current.queryKey)) return
    const before = known
    known = event.query.state.data as SessionResponse | null
    if (event.action.manual || !before) return
    if (!known) on.ended()
    else if (known.user.id === before.user.id && known.user.role !== before.user.role) on.roleChanged()
  })
}
