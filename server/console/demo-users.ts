// The demo users of `npm start`: never created by a production start.
import type { Role } from '../../src/api/contract/console-schemas'
import { hashPassword } from './auth/passwords'
import type { ConsoleStore } from './store'

export const DEMO_PASSWORD = 'demo-password'

export const DEMO_USERS: { email: string; role: Role; password: string }[] = [
  { email: 'support@demo.test', role: 'support', password: DEMO_PASSWORD },
  { email: 'manager@demo.test', role: 'manager', password: DEMO_PASSWORD },
  { email: 'admin@demo.test', role: 'admin', password: DEMO_PASSWORD },
]

/** Adds the demo users that are missing, and puts back the demo role and password of those that are not. */
export async function ensureDemoUsers(store: ConsoleStore, now = Date.now()): Promise<void> {
  for (const demo of DEMO_USERS) {
    const passwordHash = await hashPassword(demo.password)
    const existing = await store.users.byEmail(demo.email)
    if (!existing) {
      await store.users.add({ email: demo.email, passwordHash, role: demo.role, now })
      continue
    }
    await store.users.setRole(existing.id, demo.role)
    await store.users.setPassword(existing.id, passwordHash)
    await store.users.setActive(existing.id, true)
  }
  // A demo should not stay locked by yesterday's typos.
  for (const demo of DEMO_USERS) await store.throttle.clear(`account:${demo.email}`)
}
