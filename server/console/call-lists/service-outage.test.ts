// Working a call list while the voice service is down, then back (the quirks upstream's outage: every operation a
// 500 with an HTML body): the placement is refused in words, the agent keeps their contact and its placement's
// key, and once the service answers the same key places the call, recorded as one try.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CLAIM_TTL_MS,
  type ClaimAnswer,
  LIST_METADATA_KEYS,
  type WorkContact,
} from '../../../src/api/contract/call-list-schemas'
import { createTestConsole, expectProblem, fakeClock, type TestConsole } from '../test-support/console-app'
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

  it('places a call after a long outage only while its agent still holds the contact, never one another took', async () => {
    const clock = fakeClock(Date.now())
    const t = await createTestConsole({ upstream: upstream.url, liveHub: null, now: clock.now })
    await t.addUser('mia@example.com', 'manager')
    await t.addUser('ana@example.com', 'support')
    await t.addUser('ben@example.com', 'support')
    const [mia, ana, ben] = await Promise.all(['mia', 'ana', 'ben'].map((name) => t.signIn(`${name}@example.com`)))
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
    const listId = ((await imported.json()) as { list: { id: string } }).list.id
    const place = (cookie: string, contact: WorkContact) =>
      t.request('/api/v1/voice/calls', {
        cookie,
        headers: { 'idempotency-key': contact.attemptKey },
        json: {
          caller_id: '+14155550100',
          destination: contact.number,
          metadata: { [LIST_METADATA_KEYS.list]: listId, [LIST_METADATA_KEYS.contact]: contact.id },
        },
      })
    const anas = await claim(t, ana as string, listId)
    // Ana's tab waits out an outage longer than her claim; Ben, meanwhile, takes the lapsed contact first.
    clock.advance(CLAIM_TTL_MS + 60_000)
    const bens = await claim(t, ben as string, listId)
    expect(bens.id).toBe(anas.id)
    const placedBefore = upstream.seen.filter((line) => line.startsWith('POST /api/v1/voice/calls')).length
    const refused = await expectProblem(await place(ana as string, anas), 409)
    expect(refused.detail).toMatch(/no longer yours.*Nothing was called/)
    expect(upstream.seen.filter((line) => line.startsWith('POST /api/v1/voice/calls'))).toHaveLength(placedBefore)
    expect((await place(ben as string, bens)).status).toBeLessThan(300)
    expect(upstream.seen.filter((line) => line.startsWith('POST /api/v1/voice/calls'))).toHaveLength(placedBefore + 1)

    // Held past its lapse with nobody taking it, a claim is still the agent's: the call goes, and the claim is renewed.
    const next = await claim(t, ana as string, listId)
    clock.advance(CLAIM_TTL_MS + 60_000)
    expect((await place(ana as string, next)).status).toBeLessThan(300)
    const contact = await t.store.callListContacts.find(Number(next.id))
    expect(contact?.claimExpiresAt).toBe(clock.now() + CLAIM_TTL_MS)
    await t.store.close()
  })
})
