// A person's own settings. Anyone signed in may change their own, and only their own.
import { Hono, type MiddlewareHandler } from 'hono'
import { preferences } from '../../../src/api/contract/console-schemas'
import { sendProblem } from '../http/problem'
import type { ConsoleStore } from '../store'
import type { SessionEnv } from './require-session'
import { sessionBody } from './routes'

export function preferencesRoutes(store: ConsoleStore, signedIn: MiddlewareHandler<SessionEnv>) {
  return new Hono<SessionEnv>().use(signedIn).put('/', async (c) => {
    c.set('route', c.req.routePath)
    c.header('Cache-Control', 'no-store')
    const parsed = preferences.safeParse(await c.req.json().catch(() => null))
    if (!parsed.success) {
      return sendProblem(
        c,
        400,
        'Your request has invalid fields',
        'Choose a time zone: "browser" for your browser\'s own zone, or "UTC".',
        { errors: [{ field: 'timeZone', message: 'Expected "browser" or "UTC".' }] },
      )
    }
    const session = c.get('session')
    await store.users.setTimeZone(session.userId, parsed.data.timeZone)
    // The answer is the whole session, so the page replaces what it knows in one step.
    return c.json(sessionBody({ ...session, timeZone: parsed.data.timeZone }))
  })
}
