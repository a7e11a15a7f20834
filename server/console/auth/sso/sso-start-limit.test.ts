// /sso/start stores a sign-in under way for each visit: limited per address, with a ceiling for all.
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestConsole, expectProblem, fakeClock, type TestConsole } from '../../test-support/console-app'
import { ssoConfigFor, startTestProvider } from '../../test-support/sso-flow'
import { openTestStore } from '../../test-support/test-store'
import { SSO_START_LIMIT, ssoStartLimit } from './sso-start-limit'

describe('the SSO start limit', () => {
  let provider: Awaited<ReturnType<typeof startTestProvider>>
  let t: TestConsole
  const clock = fakeClock()

  beforeAll(async () => {
    provider = await startTestProvider()
    t = await createTestConsole({ sso: ssoConfigFor(provider.url), now: clock.now })
  })
  afterAll(async () => {
    await provider.close()
    await t.store.close()
  })

  const start = (from: string) => t.request('/api/console/sso/start?redirect=/calls', { from })

  it(`answers the ${SSO_START_LIMIT.perAddressPerMinute + 1}th start in a minute from one address with 429 and Retry-After, and stores nothing for it`, async () => {
    for (let i = 0; i < SSO_START_LIMIT.perAddressPerMinute; i++) expect((await start('10.0.0.1')).status).toBe(302)
    const pending = await t.store.ssoLogins.countPending(clock.now())
    const refused = await start('10.0.0.1')
    expect((await expectProblem(refused, 429)).detail).toMatch(/Wait \d+ seconds and try again/)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await t.store.ssoLogins.countPending(clock.now())).toBe(pending)
    expect((await start('10.0.0.2')).status).toBe(302)
    clock.advance(60_000)
    expect((await start('10.0.0.1')).status).toBe(302)
  })
})

describe('the ceiling on sign-ins under way', () => {
  it('refuses every address once that many are pending', async () => {
    const store = await openTestStore()
    const now = () => 1_000_000
    for (let i = 0; i < 3; i++)
      await store.ssoLogins.insert({
        id_hash: `h${i}`,
        state: 's',
        nonce: 'n',
        code_verifier: 'v',
        return_to: '/calls',
        expires_at: now() + 60_000,
      })
    const limit = ssoStartLimit(store, now, { perAddressPerMinute: 100, maxPending: 3 })
    const app = new Hono().get('/', async (c) => (await limit(c)) ?? c.text('ok'))
    const res = await app.request('/')
    expect((await expectProblem(res, 429)).title).toBe('Too many sign-ins under way')
    expect(res.headers.get('retry-after')).toBe('60')
    await store.close()
  })
})
