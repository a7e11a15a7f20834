// Signing in: what the sign-in page asks the console. Apart from session.ts, which brings the query and router
// libraries, so that the sign-in document (src/sign-in-document/) loads neither.
import { apiRequest } from './client'
import {
  CONSOLE_PREFIX,
  type SessionResponse,
  type SessionState,
  type SetupResponse,
  sessionResponse,
  sessionState,
  setupResponse,
} from './contract/console-schemas'
import type { SignInBody } from './contract/sign-in-schemas'

const onConsole = { prefix: CONSOLE_PREFIX }

/** How this console signs people in (a password, single sign-on, the demo users) and whether it has anyone yet. */
export function fetchSetup(signal?: AbortSignal): Promise<SetupResponse> {
  return apiRequest('/setup', { ...onConsole, schema: setupResponse, signal })
}

export function signIn(body: SignInBody): Promise<SessionResponse> {
  return apiRequest('/sign-in', { ...onConsole, method: 'POST', body, schema: sessionResponse })
}

/** Who this browser is signed in as, or null: a tab asks when it may have been signed in from another one. */
export async function fetchSignedIn(signal?: AbortSignal): Promise<SessionResponse | null> {
  return signedIn(await apiRequest('/session', { ...onConsole, schema: sessionState, signal }))
}

/** The session's answer as the dashboard keeps it: the person, or null when nobody is signed in. */
export const signedIn = (state: SessionState): SessionResponse | null => (state.user ? state : null)
