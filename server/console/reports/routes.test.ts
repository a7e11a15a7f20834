// /api/console/report-subscriptions as people use it: a manager subscribes themselves (and no one else), an admin
// anyone and sees everyone's, support is refused; bad input is a 400 problem in words; each change is audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reportSubscriptionList } from '../../../src/api/contract/report-subscription-schemas'
import { createTestConsole, expectProblem, fakeClock, type TestConsole } from '../test-support/console-app'

const clock = fakeClock(Date.parse('2026-11-04T06:30:00Z'))
let t: TestConsole
const cookie = { support: '', manager: '', admin: '' }
const ids = { support: '', manager: '', admin: '', other: '' }

beforeAll(async () => {
  t = await createTestConsole({ liveHub: null, now: clock.now })
  for (const role of ['support', 'manager', 'admin'] as const) {
    ids[role] = (await t.addUser(`${role}@example.com`, role)).id
    cookie[role] = await t.signIn(`${role}@example.com`)
  }
  ids.other = (await t.addUser('other.manager@example.com', 'manager')).id
})
afterAll(async () => {
  await t?.store.close()
})

const subscribe = (json: unknown, who: keyof typeof cookie = 'manager') =>
  t.request('/api/console/report-subscriptions', { cookie: cookie[who], json })
const listOf = async (who: keyof typeof cookie) => {
  const res = await t.request('/api/console/report-subscriptions', { cookie: cookie[who] })
  expect(res.status).toBe(200)
  return reportSubscriptionList.parse(await res.json())
}

describe('report subscriptions', () => {
  it('lets a manager subscribe themselves once per frequency, audited', async () => {
    const res = await subscribe({ frequency: 'weekly', timeZone: 'Europe/Berlin' })
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({
      subscription: {
        userId: ids.manager,
        email: 'manager@example.com',
        frequency: 'weekly',
        timeZone: 'Europe/Berlin',
        createdAt: '2026-11-04T06:30:00.000Z',
        lastReport: null,
      },
    })
    expect((await subscribe({ frequency: 'weekly', timeZone: 'UTC' })).status).toBe(200)
    const mine = await listOf('manager')
    expect(mine.subscriptions.map((s) => [s.email, s.frequency, s.timeZone])).toEqual([
      ['manager@example.com', 'weekly', 'Europe/Berlin'],
    ])
    // A manager is not offered other people.
    expect(mine.people).toBeNull()
    const entries = await t.store.audit.page({ action: 'report.subscribed' }, 10)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ actor_email: 'manager@example.com', target: 'manager@example.com' })
  })

  it('shows each subscription’s last report, and why it is being tried again', async () => {
    const [mine] = (await listOf('manager')).subscriptions
    if (!mine) throw new Error('no subscription')
    const at = clock.now()
    await t.store.reportDeliveries.insert([
      {
        id: 'msg_routes_test',
        subscriptionId: mine.id,
        periodStart: Date.parse('2026-10-25T23:00:00Z'),
        periodEnd: Date.parse('2026-11-01T23:00:00Z'),
        payload: '{}',
        createdAt: at,
      },
    ])
    const [claimed] = await t.store.reportDeliveries.claimDue(at, at + 60_000, 1)
    if (!claimed) throw new Error('not claimed')
    await t.store.reportDeliveries.record(claimed, {
      status: 'retrying',
      attemptedAt: at,
      nextAttemptAt: at + 5_000,
      responseStatus: 451,
      responseTimeMs: 12,
      responseExcerpt: '451 4.3.0 Try again later',
    })
    expect((await listOf('manager')).subscriptions[0]?.lastReport).toEqual({
      periodStart: '2026-10-25T23:00:00.000Z',
      periodEnd: '2026-11-01T23:00:00.000Z',
      status: 'retrying',
      attempts: 1,
      lastAttemptAt: '2026-11-04T06:30:00.000Z',
      nextAttemptAt: '2026-11-04T06:30:05.000Z',
      response: '451 4.3.0 Try again later',
    })
  })

  it('refuses a manager subscribing someone else, and support altogether', async () => {
    await expectProblem(await subscribe({ frequency: 'daily', userId: ids.other }), 403)
    await expectProblem(await subscribe({ frequency: 'daily' }, 'support'), 403)
    await expectProblem(await t.request('/api/console/report-subscriptions', { cookie: cookie.support }), 403)
  })

  it('answers bad input with a problem that names the field', async () => {
    const frequency = await expectProblem(await subscribe({ frequency: 'hourly' }), 400)
    expect(JSON.stringify(frequency)).toMatch(/daily, weekly or monthly/)
    const zone = await expectProblem(await subscribe({ frequency: 'daily', timeZone: 'Mars/Olympus' }), 400)
    expect(JSON.stringify(zone)).toMatch(/IANA time zone/)
    await expectProblem(await subscribe({ frequency: 'daily', userId: 'usr_nobody' }, 'admin'), 404)
  })

  it('lets an admin subscribe anyone and see everyone’s; a deactivated person cannot be subscribed', async () => {
    const res = await subscribe({ frequency: 'monthly', userId: ids.other }, 'admin')
    expect(res.status).toBe(201)
    const all = await listOf('admin')
    expect(all.subscriptions.map((s) => [s.email, s.frequency])).toEqual([
      ['manager@example.com', 'weekly'],
      ['other.manager@example.com', 'monthly'],
    ])
    expect(all.people?.map((p) => p.email)).toContain('other.manager@example.com')
    const gone = await t.addUser('gone@example.com', 'manager')
    await t.store.users.setActive(gone.id, false)
    await expectProblem(await subscribe({ frequency: 'daily', userId: gone.id }, 'admin'), 409)
  })

  it('lets a person stop their own report, and an admin anyone’s, audited; not a manager someone else’s', async () => {
    const all = await listOf('admin')
    const others = all.subscriptions.find((s) => s.email === 'other.manager@example.com')
    const own = all.subscriptions.find((s) => s.email === 'manager@example.com')
    if (!others || !own) throw new Error('subscriptions missing')
    const remove = (id: string, who: keyof typeof cookie) =>
      t.request(`/api/console/report-subscriptions/${id}`, { method: 'DELETE', cookie: cookie[who] })
    await expectProblem(await remove(others.id, 'manager'), 404)
    expect((await remove(own.id, 'manager')).status).toBe(200)
    expect((await remove(others.id, 'admin')).status).toBe(200)
    expect((await listOf('admin')).subscriptions).toEqual([])
    const entries = await t.store.audit.page({ action: 'report.unsubscribed' }, 10)
    expect(entries.map((entry) => [entry.actor_email, entry.target])).toEqual([
      ['admin@example.com', 'other.manager@example.com'],
      ['manager@example.com', 'manager@example.com'],
    ])
  })
})
