// Working a call list while the voice service is down, then back (the quirks upstream's outage: every operation a
// 500 with an HTML body): the placement is refused in words, the agent keeps their contact and its placement's
// key, and once the service answers the same key places the call, recorded as one try.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ClaimAnswer, WorkContact } from '../../../src/api/contract/call-list-schemas'
import { createTestConsole, expectProblem, type TestConsole } from '../test-support/console-app'
import { type QuirksUpstream, startQuirksUpstream } from '../test-support/quirks-upstream'

const LISTS = '/api/console/call-lists'
let upstream: QuirksUpstream
beforeAll(async () => {
  upstream = await startQuirksUpstream()
})
afterAll(async () => {
  await upstream?.close()
})

const claim = async (t: TestConsole, cookie: string, listId: string) => {
  const res = await t.request(`${LISTS}/${listId}/claim`, { cookie, method: 'POST' })
  expect(res.status).toBe(200)
  return ((await res.json()) as ClaimAnswer).contact as WorkContact
}

describe('a call list while the voice service is down', () => {
  it('refuses the placement in words, keeps the claim and its key, and places once when the service is back', async () => {
    const t = await createTestConsole({ upstream: upstream.url, liveHub: null })
    await t.addUser('mia@example.com', 'manager')
    await t.addUser('ana@example.com', 'support')
    const mia = await t.signIn('mia@example.com')
    const ana = await t.signIn('ana@example.com')
    const imported = await t.request(LISTS, {
      cookie: mia,
      json: {
        settings: {
          name: 'Renewals',
          callerId: null,
          record: false,
          comeBackMinutes: 120,
          maxTries: 3,
          everyone: true,
          assignees: [],
        },
        source: { csv: 'phone\n+13125550123\n+13125550124\n', region: 'US' },
      },
    })
    expect(imported.status).toBe(201)
    const listId = ((await imported.json()) as { list: { id: string } }).list.id
    const contact = await claim(t, ana, listId)
    const place = () =>
      t.request('/api/v1/voice/calls', {
        cookie: ana,
        headers: { 'idempotency-key': contact.attemptKey },
        json: { caller_id: '+14155550100', destination: contact.number, metadata: { list: listId } },
      })

    upstream.set({ outage: true })
    try {
      const refused = await place()
      expect(refused.status).toBeGreaterThanOrEqual(500)
      expect(refused.status).toBeLessThan(600)
      const problem = await expectProblem(refused, refused.status)
      expect(problem.detail).not.toMatch(/<html|<body|stack|at \w+ \(/i)
      expect(problem.detail.length).toBeGreaterThan(20)
      // The agent's page asks again: the same contact, the same try, so the same key.
      expect(await claim(t, ana, listId)).toMatchObject({ id: contact.id, attemptKey: contact.attemptKey, tries: 0 })
    } finally {
      upstream.reset()
    }

    const placed = await place()
    expect(placed.status).toBeLessThan(300)
    const { call_id: callId } = (await placed.json()) as { call_id: string }
    for (let i = 0; i < 2; i++) {
      const res = await t.request(`${LISTS}/${listId}/contacts/${contact.id}/attempts`, {
        cookie: ana,
        json: { callId },
      })
      expect(res.status).toBe(200)
    }
    expect(await claim(t, ana, listId)).toMatchObject({ id: contact.id, tries: 1, placedCallId: callId })
    await t.store.close()
  })
})
