import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eventually } from '../../shared/test-support/eventually'
import { clearedCookie, createTestConsole, fakeClock, type TestConsole } from '../test-support/console-app'
import { onPostgres } from '../test-support/test-store'
import { hashSessionToken } from './session-tokens'
import { createSessionService } from './sessions'

const IDLE = 30 * 60_000
const ABSOLUTE = 4 * 60 * 60_000

let clock: ReturnType<typeof fakeClock>
let t: TestConsole

beforeEach(async () => {
  clock = fakeClock()
  t = await createTestConsole({ now: clock.now, session: { idleMs: IDLE, absoluteMs: ABSOLUTE } })
  await t.addUser('ana@example.com', 'support')
})
afterEach(() => t.store.close())

const whoAmI = async (cookie: string) => {
  const res = await t.request('/api/console/session', { cookie })
  return ((await res.json()) as { user: { email: string } | null }).user?.email ?? null
}

describe('sessions', () => {
  it('signs in with a cookie that names the person', async () => {
    const cookie = await t.signIn('ana@example.com')
    expect(await whoAmI(cookie)).toBe('ana@example.com')
  })

  it('rotates the id at sign-in: the cookie presented to a second sign-in stops working', async () => {
    const first = await t.signIn('ana@example.com')
    const second = await t.signIn('ana@example.com', undefined, first)
    expect(second).not.toBe(first)
    expect(await whoAmI(second)).toBe('ana@example.com')
    expect(await whoAmI(first)).toBeNull()
  })

  it('ends after the idle timeout, and activity inside it keeps it alive', async () => {
    const cookie = await t.signIn('ana@example.com')
    clock.advance(IDLE - 60_000)
    expect(await whoAmI(cookie)).toBe('ana@example.com')
    clock.advance(IDLE - 60_000)
    expect(await whoAmI(cookie)).toBe('ana@example.com')
    clock.advance(IDLE)
    expect(await whoAmI(cookie)).toBeNull()
    // Gone from the store, not merely refused.
    expect(await t.store.db.selectFrom('sessions').selectAll().execute()).toEqual([])
  })

  it('ends at the absolute lifetime however active the person is', async () => {
    const cookie = await t.signIn('ana@example.com')
    // A request every quarter of an hour, up to a minute before the end.
    for (let step = 0; step < ABSOLUTE / (IDLE / 2) - 1; step++) {
      clock.advance(IDLE / 2)
      expect(await whoAmI(cookie)).toBe('ana@example.com')
    }
    clock.advance(IDLE / 2 - 60_000)
    expect(await whoAmI(cookie)).toBe('ana@example.com')
    clock.advance(60_000)
    expect(await whoAmI(cookie)).toBeNull()
  })

  it("ends a deactivated person's session on their next request", async () => {
    const cookie = await t.signIn('ana@example.com')
    const user = await t.store.users.byEmail('ana@example.com')
    await t.store.users.setActive(user?.id ?? '', false)
    const res = await t.request('/api/v1/voice/account', { cookie })
    expect(res.status).toBe(401)
    expect(clearedCookie(res)).toBeDefined()
  })

  it('stores only a hash of the id, so a copy of the database signs nobody in', async () => {
    const cookie = await t.signIn('ana@example.com')
    const token = cookie.split('=')[1] ?? ''
    const rows = await t.store.db.selectFrom('sessions').selectAll().execute()
    expect(rows).toHaveLength(1)
    const stored = rows[0]?.id_hash ?? ''
    expect(stored).not.toBe(token)
    expect(stored).toBe(hashSessionToken(token))
    // 256 random bits: 43 base64url characters.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const res = await t.request('/api/v1/voice/account', { cookie: `vd_session=${stored}` })
    expect(res.status).toBe(401)
    expect(await whoAmI(`vd_session=${stored}`)).toBeNull()
  })

  it('sign-out ends the session on the server and clears the cookie', async () => {
    const cookie = await t.signIn('ana@example.com')
    const res = await t.request('/api/console/sign-out', { method: 'POST', cookie })
    expect(res.status).toBe(204)
    expect(clearedCookie(res)).toBeDefined()
    expect(await whoAmI(cookie)).toBeNull()
  })
})

// SQLite keeps the sessions found lately (store/recent-sessions.ts); PostgreSQL keeps them only when the store listens
// for other connections' changes (the server's, `watchSessions`: recent-sessions.test.ts); the test console's store,
// as the CLI's, does not, so there every session goes to resolve.
describe('a session answered without the store (resolveKept, the fast path’s first ask)', () => {
  const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1)
  const idOf = (token: string) => hashSessionToken(token)
  const service = () => createSessionService(t.store, { idleMs: IDLE, absoluteMs: ABSOLUTE }, clock.now)

  it.runIf(!onPostgres())('is the session resolve found lately, and nothing for one not yet looked up', async () => {
    const token = tokenOf(await t.signIn('ana@example.com'))
    const sessions = service()
    expect(sessions.resolveKept(idOf(token))).toBeUndefined()
    const resolved = await sessions.resolve(token)
    expect(resolved?.email).toBe('ana@example.com')
    expect(sessions.resolveKept(idOf(token))).toEqual(resolved)
    expect(sessions.resolveKept(idOf(tokenOf(await t.signIn('ana@example.com'))))).toBeUndefined()
  })

  it.runIf(onPostgres())(
    'is never an answer on a PostgreSQL store that does not listen: every lookup reads it',
    async () => {
      const token = tokenOf(await t.signIn('ana@example.com'))
      const sessions = service()
      expect((await sessions.resolve(token))?.email).toBe('ana@example.com')
      expect(sessions.resolveKept(idOf(token))).toBeUndefined()
    },
  )

  it.runIf(!onPostgres())(
    'leaves to resolve a session ended since: deactivated, idle too long, or due for its last-seen write',
    async () => {
      const sessions = service()
      const ana = (await t.store.users.byEmail('ana@example.com'))?.id as string
      const token = tokenOf(await t.signIn('ana@example.com'))
      await sessions.resolve(token)
      await t.store.users.setActive(ana, false)
      expect(sessions.resolveKept(idOf(token))).toBeUndefined()
      expect(await sessions.resolve(token)).toBeNull()

      await t.store.users.setActive(ana, true)
      const idle = tokenOf(await t.signIn('ana@example.com'))
      await sessions.resolve(idle)
      clock.advance(IDLE)
      expect(sessions.resolveKept(idOf(idle))).toBeUndefined()
      expect(await sessions.resolve(idle)).toBeNull()

      const due = tokenOf(await t.signIn('ana@example.com'))
      await sessions.resolve(due)
      clock.advance(60_000)
      expect(sessions.resolveKept(idOf(due))).toBeUndefined()
      // resolve writes last-seen; the session is then answered without the store again.
      expect((await sessions.resolve(due))?.email).toBe('ana@example.com')
      expect(sessions.resolveKept(idOf(due))?.email).toBe('ana@example.com')
    },
  )
})

describe('last-seen writes', () => {
  const seenTimes = async () =>
    (await t.store.db.selectFrom('sessions').select('last_seen_at').execute()).map((row) => row.last_seen_at)

  it('are gathered: the sessions due within a moment are written in one go, never later than one was seen', async () => {
    const sessions = createSessionService(t.store, { idleMs: IDLE, absoluteMs: ABSOLUTE }, clock.now, {
      gatherSeenMs: 200,
    })
    const tokens = [await t.signIn('ana@example.com'), await t.signIn('ana@example.com')].map((cookie) =>
      cookie.slice(cookie.indexOf('=') + 1),
    )
    const signedIn = clock.now()
    clock.advance(60_000)
    const first = clock.now()
    expect((await sessions.resolve(tokens[0]))?.email).toBe('ana@example.com')
    clock.advance(1_000)
    expect((await sessions.resolve(tokens[1]))?.email).toBe('ana@example.com')
    // Not yet written: the store still has the sign-in's time, and this instance judges by what it saw.
    expect(await seenTimes()).toEqual([signedIn, signedIn])
    // Idle since the sign-in by the store's time, not by this instance's.
    clock.advance(IDLE - 30_000)
    expect((await sessions.resolve(tokens[0]))?.email).toBe('ana@example.com')
    // One write for both, at the earlier of their latest times (the second's: the first was seen again since).
    await eventually(async () => expect(await seenTimes()).toEqual([first + 1_000, first + 1_000]), 5_000)
  })

  /** A session seen a minute after its sign-in by a service that gathers for an hour: its write waits. */
  const seenOnceGathering = async () => {
    const failures: number[] = []
    const sessions = createSessionService(t.store, { idleMs: IDLE, absoluteMs: ABSOLUTE }, clock.now, {
      gatherSeenMs: 60 * 60_000,
      onWriteFailed: (_error, count) => failures.push(count),
    })
    const cookie = await t.signIn('ana@example.com')
    const signedIn = clock.now()
    clock.advance(60_000)
    expect((await sessions.resolve(cookie.slice(cookie.indexOf('=') + 1)))?.email).toBe('ana@example.com')
    return { sessions, failures, signedIn }
  }

  it('are written at once when the instance stops, not lost with its gathering', async () => {
    const { sessions, failures, signedIn } = await seenOnceGathering()
    expect(await seenTimes()).toEqual([signedIn])
    await sessions.flushSeen()
    expect(await seenTimes()).toEqual([signedIn + 60_000])
    expect(failures).toEqual([])
  })

  it('that the store refuses are said, with how many sessions they were', async () => {
    const { sessions, failures } = await seenOnceGathering()
    // A real refusal: the table is not there any more.
    await sql`alter table sessions rename to sessions_gone`.execute(t.store.db)
    await sessions.flushSeen()
    expect(failures).toEqual([1])
    await sql`alter table sessions_gone rename to sessions`.execute(t.store.db)
  })
})
