// Working a call list while the voice service is down, then back (the quirks upstream's outage: every operation a
// 500 with an HTML body): the placement is refused in words, the agent keeps their contact and its placement's
// key, and once the service answers the same key places the call, recorded as one try.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLAIM_TTL_MS, LIST_METADATA_KEYS, type WorkContact } from '../../../src/api/contract/call-list-schemas'
import { CALL_LISTS, claimNext, startCallListConsole } from '../test-support/call-list-console'
import { expectProblem, fakeClock, type TestConsole } from '../test-support/console-app'
import { type QuirksUpstream, startQuirksUpstream } from '../test-support/quirks-upstream'

const CSV = 'phone\n+13125550123\n+13125550124\n'
let upstream: QuirksUpstream
beforeAll(async () => {
  upstream = await startQuirksUpstream()
})
afterAll(async () => {
  await upstream?.close()
})

const claim = async (t: TestConsole, cookie: string, listId: string) =>
  (await claimNext(t, cookie, listId)).contact as WorkContact

describe('a call list while the voice service is down', () => {
  it('refuses the placement in words, keeps the claim and its key, and places once when the service is back', async () => {
    const {
      app: t,
      list: { id: listId },
      agents: { ana },
    } = await startCallListConsole({ csv: CSV, upstream: upstream.url, liveHub: null })
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
      const res = await t.request(`${CALL_LISTS}/${listId}/contacts/${contact.id}/attempts`, {
        cookie: ana,
        json: { callId },
      })
      expect(res.status).toBe(200)
    }
    expect(await claim(t, ana, listId)).toMatchObject({ id: contact.id, tries: 1, placedCallId: callId })
    await t.store.close()
  })

  it('places a call after a long outage only while its agent still holds the contact, never one another took', async () => {
    const clock = fakeClock(Date.parse('2026-12-06T15:00:00Z'))
    const {
      app: t,
      list: { id: listId },
      agents: { ana, ben },
    } = await startCallListConsole({
      csv: CSV,
      agents: ['ana', 'ben'],
      upstream: upstream.url,
      liveHub: null,
      now: clock.now,
    })
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
    const anas = await claim(t, ana, listId)
    // Ana's tab waits out an outage longer than her claim; Ben, meanwhile, takes the lapsed contact first.
    clock.advance(CLAIM_TTL_MS + 60_000)
    const bens = await claim(t, ben, listId)
    expect(bens.id).toBe(anas.id)
    const placedBefore = upstream.seen.filter((line) => line.startsWith('POST /api/v1/voice/calls')).length
    const refused = await expectProblem(await place(ana, anas), 409)
    expect(refused.detail).toMatch(/no longer yours.*Nothing was called/)
    expect(upstream.seen.filter((line) => line.startsWith('POST /api/v1/voice/calls'))).toHaveLength(placedBefore)
    expect((await place(ben, bens)).status).toBeLessThan(300)
    expect(upstream.seen.filter((line) => line.startsWith('POST /api/v1/voice/calls'))).toHaveLength(placedBefore + 1)

    // Held past its lapse with nobody taking it, a claim is still the agent's: the call goes, and the claim is renewed.
    const next = await claim(t, ana, listId)
    clock.advance(CLAIM_TTL_MS + 60_000)
    expect((await place(ana, next)).status).toBeLessThan(300)
    const contact = await t.store.callListContacts.find(Number(next.id))
    expect(contact?.claimExpiresAt).toBe(clock.now() + CLAIM_TTL_MS)
    await t.store.close()
  })
})
