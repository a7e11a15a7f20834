// /api/console/do-not-call as people use it: an admin lists a number as typed (normalised), anyone who places or
// oversees calls asks whether a number is listed, the list pages with a digits filter, and an admin takes a number
// off with a reason. Each change is audited with its reason; bad input is a 400 in words; other roles and other
// sites are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { doNotCallLookup, doNotCallPage } from '../../../src/api/contract/do-not-call-schemas'
import { createTestConsole, expectProblem, fakeClock, type TestConsole } from '../test-support/console-app'

const clock = fakeClock(Date.parse('2026-12-06T09:30:00Z'))
let t: TestConsole
const cookie = { support: '', manager: '', admin: '' }

beforeAll(async () => {
  t = await createTestConsole({ liveHub: null, now: clock.now })
  for (const role of ['support', 'manager', 'admin'] as const) {
    await t.addUser(`${role}@example.com`, role)
    cookie[role] = await t.signIn(`${role}@example.com`)
  }
})
afterAll(async () => {
  await t?.store.close()
})

const list = (json: unknown, who: keyof typeof cookie = 'admin') =>
  t.request('/api/console/do-not-call', { cookie: cookie[who], json })
const lookup = async (number: string, who: keyof typeof cookie = 'support') => {
  const res = await t.request(`/api/console/do-not-call?phone_number=${encodeURIComponent(number)}`, {
    cookie: cookie[who],
  })
  expect(res.status).toBe(200)
  return doNotCallLookup.parse(await res.json())
}

describe('the do-not-call API', () => {
  it('lists a number as typed, in E.164, audited with its reason; a second listing keeps the first', async () => {
    const added = await list({ phone_number: '(415) 555-0101', region: 'US', reason: 'asked on the phone' })
    expect(added.status).toBe(201)
    expect(await added.json()).toEqual({
      added: true,
      entry: {
        phone_number: '+14155550101',
        reason: 'asked on the phone',
        source: 'manual',
        added_by: 'admin@example.com',
        added_at: '2026-12-06T09:30:00.000Z',
      },
    })
    const again = await list({ phone_number: '+1 415 555 0101', reason: 'again' })
    expect(again.status).toBe(200)
    expect(await again.json()).toMatchObject({ added: false, entry: { reason: 'asked on the phone' } })

    expect(await lookup('+14155550101')).toMatchObject({
      phone_number: '+14155550101',
      entry: { reason: 'asked on the phone', added_by: 'admin@example.com' },
    })
    expect(await lookup('+1 415 555 0102', 'manager')).toEqual({ phone_number: '+14155550102', entry: null })

    const entries = await t.store.audit.page({ action: 'do-not-call.added' }, 10)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ actor_email: 'admin@example.com', target: '+14155550101', outcome: 201 })
    expect(JSON.parse(entries[0]?.detail ?? '{}')).toEqual({ reason: 'asked on the phone' })
  })

  it('refuses what is not a number with a sentence, never a 5xx', async () => {
    for (const [body, words] of [
      [{ phone_number: '555-0101', reason: 'x' }, 'no country code'],
      [{ phone_number: '+1 415 55', reason: 'x' }, 'not a valid number'],
      [{ phone_number: 'call me', reason: 'x' }, 'is not a phone number'],
      [{ phone_number: '+14155550103', reason: '  ' }, 'Check the number and the reason'],
    ] as const) {
      const problem = await expectProblem(await list(body), 400)
      expect(problem.detail).toContain(words)
    }
    await expectProblem(await t.request('/api/console/do-not-call?phone_number=nope', { cookie: cookie.support }), 400)
  })

  it('pages the list in number order, filtered by digits however they are written', async () => {
    for (const n of ['+442071838750', '+442071838751', '+442071838752'])
      expect((await list({ phone_number: n, reason: 'complaint' })).status).toBe(201)
    const first = await t.request('/api/console/do-not-call?q=20%207183&limit=2', { cookie: cookie.manager })
    const page = doNotCallPage.parse(await first.json())
    expect(page.entries.map((e) => e.phone_number)).toEqual(['+442071838750', '+442071838751'])
    expect(page.next_cursor).toBe('+442071838751')
    const next = await t.request(
      `/api/console/do-not-call?q=207183&limit=2&cursor=${encodeURIComponent(page.next_cursor ?? '')}`,
      { cookie: cookie.manager },
    )
    expect(await next.json()).toMatchObject({ entries: [{ phone_number: '+442071838752' }], next_cursor: null })
  })

  it('takes a number off with a reason, audited with why it had been listed', async () => {
    const path = `/api/console/do-not-call/${encodeURIComponent('+442071838752')}`
    await expectProblem(await t.request(path, { method: 'DELETE', cookie: cookie.admin, json: {} }), 400)
    const removed = await t.request(path, {
      method: 'DELETE',
      cookie: cookie.admin,
      json: { reason: 'listed by mistake' },
    })
    expect(removed.status).toBe(200)
    expect((await lookup('+442071838752')).entry).toBeNull()
    const [entry] = await t.store.audit.page({ action: 'do-not-call.removed' }, 10)
    expect(entry).toMatchObject({ actor_email: 'admin@example.com', target: '+442071838752', outcome: 200 })
    expect(JSON.parse(entry?.detail ?? '{}')).toEqual({
      reason: 'listed by mistake',
      listedReason: 'complaint',
      listedBy: 'admin@example.com',
      listedAt: '2026-12-06T09:30:00.000Z',
    })
    const again = await expectProblem(
      await t.request(path, { method: 'DELETE', cookie: cookie.admin, json: { reason: 'twice' } }),
      404,
    )
    expect(again.detail).toContain('not on the do-not-call list')
  })

  it('lets only admins change the list, and refuses a change another site asks for', async () => {
    for (const who of ['support', 'manager'] as const) {
      await expectProblem(await list({ phone_number: '+14155550104', reason: 'x' }, who), 403)
      await expectProblem(
        await t.request(`/api/console/do-not-call/${encodeURIComponent('+14155550101')}`, {
          method: 'DELETE',
          cookie: cookie[who],
          json: { reason: 'x' },
        }),
        403,
      )
    }
    await expectProblem(
      await t.request('/api/console/do-not-call', {
        cookie: cookie.admin,
        headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
        json: { phone_number: '+14155550104', reason: 'x' },
      }),
      403,
    )
    expect((await lookup('+14155550104')).entry).toBeNull()
    expect((await lookup('+14155550101')).entry).not.toBeNull()
  })
})
