// A person's own settings. Anyone signed in may change their own, and only their own.
import { Hono, type MiddlewareHandler } from 'hono'
import { preferences } from '../../../src/api/contract/console-schemas'
import { jsonBody } from '../http/json-body'
import type { ConsoleStore } from '../store'
import type { SessionEnv } from './require-session'
import { sessionBody } from './routes'

export function preferencesRoutes(store: ConsoleStore, signedIn: MiddlewareHandler<SessionEnv>) {
  const refusal = 'Choose a time zone: "browser" for your browser\'s own zone, or "UTC".'
  return new Hono<SessionEnv>().use(signedIn).put('/', jsonBody(preferences, refusal), async (c) => {
    const { timeZone } = c.req.valid('json')
    const session = c.get('session')
    await store.users.setTimeZone(session.userId, timeZone)
    // The answer is the whole session, so the page replaces what it knows in one step.
    return c.json(sessionBody({ ...session, timeZone }))
  })
}
