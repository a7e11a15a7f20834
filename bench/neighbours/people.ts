// The bench's two people. B is the console child's own person (bench/live/protocol.ts); A is added to the
// store's copy before the console starts, and signs in as the sign-in page does.
import { hashPassword } from '../../server/console/auth/passwords'
import { openStore } from '../../server/console/store'
import { CONSOLE_PREFIX, CSRF_HEADER, CSRF_HEADER_VALUE } from '../../src/api/contract/console-schemas'

export const PERSON_A = { email: 'heavy-exporter@neighbours-bench.test', password: 'neighbours-bench-not-secret' }

/** A support user in the store (a SQLite file or a PostgreSQL URL; a console's `calls:read`, no more), before any console opens it. */
export async function addPersonA(location: string): Promise<void> {
  const store = await openStore(location)
  try {
    const passwordHash = await hashPassword(PERSON_A.password)
    await store.users.add({ email: PERSON_A.email, role: 'support', passwordHash, now: Date.now() })
  } finally {
    await store.close()
  }
}

/** The session cookie (`name=value`) of a sign-in. */
export async function signIn(url: string, person: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${url}${CONSOLE_PREFIX}/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: JSON.stringify(person),
  })
  await res.body?.cancel()
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => /vd_session=./.test(pair))
  if (res.status !== 200 || !cookie) throw new Error(`signing ${person.email} in answered ${res.status}`)
  return cookie
}
