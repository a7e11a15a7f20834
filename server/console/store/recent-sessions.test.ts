import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { eventually } from '../../shared/test-support/eventually'
import { createSessionService } from '../auth/sessions'
import { addSession } from '../test-support/kept-session'
import { nextTurn } from '../test-support/next-turn'
import { onPostgres, testStoreLocation } from '../test-support/test-store'
import { type ConsoleStore, openStore } from '.'
import { createRecentSessions, RECENT_MS } from './recent-sessions'

// Two instances of the console on one database: `here` serves the person, `elsewhere` is another instance (or the CLI).
let here: ConsoleStore
let elsewhere: ConsoleStore
let userId: string

beforeEach(async () => {
  // Only Date is faked: the stores' own I/O and timers run for real.
  vi.useFakeTimers({ toFake: ['Date'] })
  const location = await testStoreLocation({ file: true })
  // As the server opens its store: on PostgreSQL listening for other connections' changes (the CLI's does not).
  here = await openStore(location, undefined, { connections: 2, watchSessions: true })
  elsewhere = await openStore(location, undefined, { connections: 2, watchSessions: true })
  userId = (await here.users.add({ email: 'ana@example.com', passwordHash: 'x', role: 'support', now: Date.now() })).id
  await here.users.add({ email: 'root@example.com', passwordHash: 'x', role: 'admin', now: Date.now() })
  await addSession(here, userId, 'hash-1')
  await addSession(here, userId, 'hash-2')
  expect((await here.sessions.find('hash-1'))?.role).toBe('support')
})

afterEach(async () => {
  vi.useRealTimers()
  await here.close()
  await elsewhere.close()
})

describe('sessions found lately', () => {
  it('applies a sign-out, role change or deactivation made through this store at the next lookup', async () => {
    await here.sessions.delete('hash-1')
    expect(await here.sessions.find('hash-1')).toBeUndefined()

    expect((await here.sessions.find('hash-2'))?.role).toBe('support')
    expect(await here.users.setRoleGuarded(userId, 'manager')).toBe('changed')
    expect((await here.sessions.find('hash-2'))?.role).toBe('manager')

    expect(await here.users.setActiveGuarded(userId, false)).toBe('changed')
    expect((await here.sessions.find('hash-2'))?.active).toBe(0)

    await here.sessions.deleteForUser(userId)
    expect(await here.sessions.find('hash-2')).toBeUndefined()
  })

  it('applies a sign-out, role change or deactivation made elsewhere (another instance, the CLI) at the next lookup', async () => {
    // SQLite tells other connections' writes at the event loop's next turn (a request from the network comes in a
    // turn of its own); PostgreSQL by a notice, within its delivery. Date stands still: no kept row lapses meanwhile.
    const told = async (check: () => void) => {
      await nextTurn()
      if (onPostgres()) await eventually(check, 10_000)
      else check()
    }
    expect((await here.sessions.find('hash-2'))?.role).toBe('support')
    expect(here.sessions.findKept('hash-2')).toBeDefined()
    await elsewhere.sessions.delete('hash-2')
    await told(() => expect(here.sessions.findKept('hash-2')).toBeUndefined())
    expect(await here.sessions.find('hash-2')).toBeUndefined()

    expect((await here.sessions.find('hash-1'))?.role).toBe('support')
    await elsewhere.users.setRole(userId, 'admin')
    await told(() => expect(here.sessions.findKept('hash-1')).toBeUndefined())
    expect((await here.sessions.find('hash-1'))?.role).toBe('admin')

    expect(here.sessions.findKept('hash-1')?.active).toBe(1)
    await elsewhere.users.setActive(userId, false)
    await told(() => expect(here.sessions.findKept('hash-1')).toBeUndefined())
    expect((await here.sessions.find('hash-1'))?.active).toBe(0)

    // Signed out everywhere (an admin's "end sessions"), after a sign-in elsewhere that changed nothing kept.
    await elsewhere.users.recordSignIn(userId, Date.now())
    await elsewhere.sessions.deleteForUser(userId)
    await told(() => expect(here.sessions.findKept('hash-1')).toBeUndefined())
    expect(await here.sessions.find('hash-1')).toBeUndefined()
  })

  it('keeps its sessions through a sign-in it records: the time of a sign-in is nothing a session holds', async () => {
    const spy = vi.spyOn(here.db, 'executeQuery')
    await here.users.recordSignIn(userId, Date.now())
    spy.mockClear()
    expect((await here.sessions.find('hash-1'))?.role).toBe('support')
    expect(spy).not.toHaveBeenCalled()
  })

  it('keeps a session it found, without reading the store again, until something changes', async () => {
    const spy = vi.spyOn(here.db, 'executeQuery')
    await here.sessions.find('hash-1')
    vi.advanceTimersByTime(RECENT_MS - 1)
    await nextTurn()
    expect(here.sessions.findKept('hash-1')?.role).toBe('support')
    await here.sessions.find('hash-1')
    expect(spy).not.toHaveBeenCalled()
    // A change nobody told (a lost notice) is bounded by RECENT_MS.
    vi.advanceTimersByTime(1)
    await here.sessions.find('hash-1')
    expect(spy).toHaveBeenCalledTimes(1)
  })

  it("never ends a session for a kept row's old last-seen time: another instance's touch counts", async () => {
    // An idle limit shorter than RECENT_MS, so that a kept row can look idle while the store's is not. PostgreSQL
    // tells no touch (it ends nothing): there the kept row's last-seen time is behind.
    const policy = { idleMs: 20_000, absoluteMs: 3_600_000 }
    const service = createSessionService(here, policy, Date.now)
    expect((await service.resolveById('hash-1'))?.role).toBe('support')
    vi.advanceTimersByTime(15_000)
    await elsewhere.sessions.touchMany(['hash-1'], Date.now())
    vi.advanceTimersByTime(10_000)
    await nextTurn()
    expect((await service.resolveById('hash-1'))?.role).toBe('support')
    expect(await elsewhere.sessions.find('hash-1')).toBeDefined()
  })

  it('keeps a last-seen time on the kept row until it is written, and the write reaches every instance', async () => {
    const at = Date.now() + 60_000
    here.sessions.keptSeen('hash-1', at)
    expect((await here.sessions.find('hash-1'))?.last_seen_at).toBe(at)
    expect((await elsewhere.sessions.find('hash-1', true))?.last_seen_at).not.toBe(at)
    await here.sessions.touchMany(['hash-1', 'hash-2'], at)
    expect((await elsewhere.sessions.find('hash-1', true))?.last_seen_at).toBe(at)
    expect((await elsewhere.sessions.find('hash-2', true))?.last_seen_at).toBe(at)
    // Never moved back: another instance's later time stays.
    await elsewhere.sessions.touchMany(['hash-1'], at - 1_000)
    expect((await here.sessions.find('hash-1', true))?.last_seen_at).toBe(at)
  })
})

describe('createRecentSessions', () => {
  it('forgets every kept row when another connection wrote', () => {
    let written = false
    const recent = createRecentSessions<string>(() => written)
    recent.keep('a', 'row', recent.generation())
    expect(recent.get('a')).toBe('row')
    written = true
    expect(recent.get('a')).toBeUndefined()
  })

  it('does not keep a row read before a write that forgot them all', () => {
    const recent = createRecentSessions<string>(() => false)
    const since = recent.generation()
    recent.forgetAll()
    recent.keep('a', 'old row', since)
    expect(recent.get('a')).toBeUndefined()
    recent.keep('a', 'new row', recent.generation())
    expect(recent.get('a')).toBe('new row')
  })

  it('stays bounded under many distinct sessions, keeping the newest', () => {
    const recent = createRecentSessions<number>(() => false)
    for (let n = 0; n < 25_000; n++) recent.keep(`s${n}`, n, 0)
    expect(recent.get('s24999')).toBe(24_999)
    expect(recent.get('s0')).toBeUndefined()
  })

  it('reads again before they lapse, in one statement, the kept sessions still in use, and lets the others lapse', async () => {
    await here.sessions.find('hash-2')
    expect(here.sessions.findKept('hash-1')).toBeDefined()
    vi.advanceTimersByTime(RECENT_MS - 5_000)
    // Not yet within the look-ahead: nothing read.
    expect(await here.sessions.refreshKept(1_000)).toBe(0)
    // hash-1 was asked for since it was kept (just above); hash-2 was only read.
    expect(await here.sessions.refreshKept(10_000)).toBe(1)
    vi.advanceTimersByTime(10_000)
    expect(here.sessions.findKept('hash-2')).toBeUndefined()
    expect(here.sessions.findKept('hash-1')?.role).toBe('support')
  })
})
