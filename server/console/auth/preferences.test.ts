import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestConsole, expectProblem, type TestConsole } from '../test-support/console-app'

let t: TestConsole

beforeAll(async () => {
  t = await createTestConsole()
  await t.addUser('ana@example.com', 'support')
  await t.addUser('bo@example.com', 'support')
})
afterAll(() => t.store.close())

const put = (cookie: string | undefined, json: unknown) =>
  t.request('/api/console/preferences', { method: 'PUT', json, cookie })

describe('PUT /api/console/preferences', () => {
  it('starts every person in their browser zone', async () => {
    const cookie = await t.signIn('ana@example.com')
    const res = await t.request('/api/console/session', { cookie })
    expect((await res.json()).preferences).toEqual({ timeZone: 'browser' })
  })

  it('keeps the zone with the person: a new sign-in, and the page itself, show it', async () => {
    const cookie = await t.signIn('ana@example.com')
    const res = await put(cookie, { timeZone: 'UTC' })
    expect(res.status).toBe(200)
    expect((await res.json()).preferences).toEqual({ timeZone: 'UTC' })

    const again = await t.signIn('ana@example.com')
    const session = await (await t.request('/api/console/session', { cookie: again })).json()
    expect(session.preferences).toEqual({ timeZone: 'UTC' })
    // Only hers: a colleague keeps theirs.
    const other = await t.signIn('bo@example.com')
    expect((await (await t.request('/api/console/session', { cookie: other })).json()).preferences.timeZone).toBe(
      'browser',
    )
  })

  it('refuses an unknown zone with a 400 that says what to send', async () => {
    const cookie = await t.signIn('ana@example.com')
    const body = await expectProblem(await put(cookie, { timeZone: 'Mars/Olympus' }), 400)
    expect(body.detail).toMatch(/browser.*UTC/)
    await expectProblem(await put(cookie, 'not json at all'), 400)
  })

  it('needs a session and our CSRF header', async () => {
    await expectProblem(await put(undefined, { timeZone: 'UTC' }), 401)
    const cookie = await t.signIn('ana@example.com')
    const res = await t.request('/api/console/preferences', {
      method: 'PUT',
      cookie,
      body: JSON.stringify({ timeZone: 'UTC' }),
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    })
    expect(res.status).toBe(403)
  })
})
