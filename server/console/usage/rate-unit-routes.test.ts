// /api/console/usage/rate-unit as people use it: an admin states what rate_per_minute_dc counts, managers read it,
// support reads nothing; bad input is a 400 naming the field; a change another site asks for is refused; each change
// is audited with the one before and after; and a second instance on the same store reads the same at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateUnitResponse } from '../../../src/api/contract/rate-unit-schemas'
import { createTestConsole, expectProblem, fakeClock, type TestConsole } from '../test-support/console-app'

const PATH = '/api/console/usage/rate-unit'
const clock = fakeClock(Date.parse('2026-12-06T19:45:00Z'))
let t: TestConsole
let other: TestConsole
const cookie = { support: '', manager: '', admin: '' }

beforeAll(async () => {
  t = await createTestConsole({ liveHub: null, now: clock.now })
  // A second instance on the same store: sessions and the rate's unit are the store's, not the process's.
  other = await createTestConsole({ liveHub: null, now: clock.now, store: t.store })
  for (const role of ['support', 'manager', 'admin'] as const) {
    await t.addUser(`${role}@example.com`, role)
    cookie[role] = await t.signIn(`${role}@example.com`)
  }
})
afterAll(async () => {
  await t?.store.close()
})

const read = async (on: TestConsole, who: 'manager' | 'admin') => {
  const res = await on.request(PATH, { cookie: cookie[who] })
  expect(res.status).toBe(200)
  return rateUnitResponse.parse(await res.json())
}
const put = (json: unknown, who: keyof typeof cookie = 'admin', on: TestConsole = t) =>
  on.request(PATH, { method: 'PUT', cookie: cookie[who], json })

describe('what the rate counts', () => {
  it('is unset until an admin states it, and then every instance reads it, audited with before and after', async () => {
    expect(await read(t, 'manager')).toEqual({ rateUnit: null })

    const set = await put({ divisor: 1000, currency: 'usd' })
    expect(set.status).toBe(200)
    const stated = {
      rateUnit: { divisor: 1000, currency: 'USD', setBy: 'admin@example.com', setAt: '2026-12-06T19:45:00.000Z' },
    }
    expect(await set.json()).toEqual(stated)
    expect(await read(other, 'manager')).toEqual(stated)

    clock.advance(60_000)
    expect((await put({ divisor: 100, currency: 'EUR' }, 'admin', other)).status).toBe(200)
    expect((await read(t, 'admin')).rateUnit).toMatchObject({ divisor: 100, currency: 'EUR' })

    const entries = await t.store.audit.page({ action: 'usage.rate-unit-set' }, 10)
    expect(entries.map((entry) => JSON.parse(entry.detail ?? '{}'))).toEqual([
      { before: { divisor: 1000, currency: 'USD' }, after: { divisor: 100, currency: 'EUR' } },
      { before: null, after: { divisor: 1000, currency: 'USD' } },
    ])
    expect(entries[0]).toMatchObject({ actor_email: 'admin@example.com', outcome: 200 })
  })

  it('refuses a unit or a currency it does not know with a 400 naming the field, never a 5xx', async () => {
    for (const [body, field] of [
      [{ divisor: 7, currency: 'USD' }, 'divisor'],
      [{ divisor: '1000', currency: 'USD' }, 'divisor'],
      [{ currency: 'USD' }, 'divisor'],
      [{ divisor: 1000, currency: 'XYZ' }, 'currency'],
      [{ divisor: 1000, currency: 'dollars' }, 'currency'],
      [{ divisor: 1000 }, 'currency'],
    ] as const) {
      const res = await put(body)
      const problem = (await expectProblem(res, 400)) as { errors?: { field: string; message: string }[] }
      expect(problem.errors?.map((error) => error.field)).toContain(field)
    }
    await expectProblem(
      await t.request(PATH, {
        method: 'PUT',
        cookie: cookie.admin,
        body: 'divisor=1000',
        headers: { 'content-type': 'text/plain' },
      }),
      415,
    )
    expect((await read(t, 'manager')).rateUnit).toMatchObject({ divisor: 100, currency: 'EUR' })
  })

  it('lets managers read it and only admins set it; support reads nothing; another site changes nothing', async () => {
    await expectProblem(await t.request(PATH, { cookie: cookie.support }), 403)
    for (const who of ['support', 'manager'] as const)
      await expectProblem(await put({ divisor: 1, currency: 'GBP' }, who), 403)
    await expectProblem(
      await t.request(PATH, {
        method: 'PUT',
        cookie: cookie.admin,
        headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
        json: { divisor: 1, currency: 'GBP' },
      }),
      403,
    )
    expect((await read(other, 'manager')).rateUnit).toMatchObject({ divisor: 100, currency: 'EUR' })
    expect(await t.store.audit.page({ action: 'usage.rate-unit-set' }, 10)).toHaveLength(2)
  })
})
