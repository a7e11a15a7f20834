// Claims on a call list's contacts, on both stores: two agents never hold one contact, even racing through two
// connections (two console instances on one database); a claim lapses, and its holder's other tab resumes it.
import { afterEach, describe, expect, it } from 'vitest'
import { COME_BACK_DEFAULTS } from '../../../src/api/contract/call-list-schemas'
import { callListsOnWorkSaved } from '../call-lists/work-saved'
import { testStoreLocation } from '../test-support/test-store'
import { type ConsoleStore, openStore } from '.'

const T0 = Date.parse('2026-11-15T12:00:00Z')
const TTL = 10 * 60_000
const opened: ConsoleStore[] = []
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close()
})

async function twoConnections() {
  const location = await testStoreLocation({ file: true })
  const first = await openStore(location, undefined, { connections: 4 })
  opened.push(first)
  const second = await openStore(location, undefined, { connections: 4 })
  opened.push(second)
  return [first, second] as const
}

async function listWith(store: ConsoleStore, contacts: number, agents: number) {
  const people: string[] = []
  for (let i = 0; i < agents; i++)
    people.push(
      (await store.users.add({ email: `agent${i}@example.com`, role: 'support', passwordHash: '!', now: T0 })).id,
    )
  const id = await store.callLists.create(
    {
      name: 'Renewals',
      callerId: null,
      record: false,
      comeBackMinutes: COME_BACK_DEFAULTS.afterMinutes,
      maxTries: COME_BACK_DEFAULTS.maxTries,
      everyone: true,
      assignees: [],
    },
    Array.from({ length: contacts }, (_, i) => ({
      line: i + 2,
      number: `+1415555${String(1000 + i)}`,
      metadata: { ticket: `T-${i}` },
    })),
    people[0] ?? '',
    T0,
  )
  return { id, people }
}

describe('call list claims', () => {
  it('gives each of many agents racing on two connections a different contact, and nobody one twice', async () => {
    const [first, second] = await twoConnections()
    const { id, people } = await listWith(first, 30, 12)
    // Every agent claims at once, half through each connection, two rounds (each finishes what it claimed).
    const held = new Map<string, string>()
    for (let round = 0; round < 2; round++) {
      const claims = await Promise.all(
        people.map((person, i) => (i % 2 ? second : first).callListContacts.claim(id, person, T0, TTL)),
      )
      const ids = claims.map((c) => c?.id)
      expect(ids.every((c) => c !== undefined)).toBe(true)
      expect(new Set(ids).size).toBe(people.length)
      for (const [i, claim] of claims.entries()) {
        const person = people[i] ?? ''
        if (!claim) continue
        expect(held.get(String(claim.id)) ?? person).toBe(person)
        held.set(String(claim.id), person)
        // Done with it: the next round hands out others.
        await first.db.updateTable('call_list_contacts').set({ state: 'done' }).where('id', '=', claim.id).execute()
      }
    }
    expect(held.size).toBe(24)
    // Six contacts are left: of twelve agents, six get one and six are told there is none.
    const last = await Promise.all(
      people.map((person, i) => (i % 2 ? first : second).callListContacts.claim(id, person, T0, TTL)),
    )
    const got = last.filter((c) => c !== null).map((c) => c.id)
    expect(got).toHaveLength(6)
    expect(new Set(got).size).toBe(6)
  })

  it('gives one person racing from many tabs on two connections one contact, so they never hold several', async () => {
    const [first, second] = await twoConnections()
    const { id, people } = await listWith(first, 30, 2)
    const [ana = '', ben = ''] = people
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? second : first).callListContacts.claim(id, ana, T0, TTL)),
    )
    expect(new Set(claims.map((c) => c?.id)).size).toBe(1)
    const held = await first.db.selectFrom('call_list_contacts').select('id').where('claimed_by', '=', ana).execute()
    expect(held.map((row) => Number(row.id))).toEqual([claims[0]?.id])
    // Another agent still gets the next contact, not one Ana's tabs took.
    expect((await second.callListContacts.claim(id, ben, T0, TTL))?.id).not.toBe(claims[0]?.id)
  })

  it('resumes the same claim in another tab, and lets another agent take it only once it lapsed', async () => {
    const [store] = await twoConnections()
    const { id, people } = await listWith(store, 3, 2)
    const [ana = '', ben = ''] = people
    const mine = await store.callListContacts.claim(id, ana, T0, TTL)
    expect((await store.callListContacts.claim(id, ana, T0 + 60_000, TTL))?.id).toBe(mine?.id)
    expect((await store.callListContacts.claim(id, ben, T0 + 60_000, TTL))?.id).not.toBe(mine?.id)
    // Ben finishes his; past the lapse of Ana's (renewed at +1 min), his next claim is Ana's contact.
    const bens = await store.callListContacts.claim(id, ben, T0, TTL)
    await store.db
      .updateTable('call_list_contacts')
      .set({ state: 'done' })
      .where('id', '=', bens?.id ?? 0)
      .execute()
    expect((await store.callListContacts.claim(id, ben, T0 + 60_000 + TTL - 1, TTL))?.id).not.toBe(mine?.id)
    await store.db.updateTable('call_list_contacts').set({ state: 'done' }).where('claimed_by', '=', ben).execute()
    expect((await store.callListContacts.claim(id, ben, T0 + 60_000 + TTL, TTL))?.id).toBe(mine?.id)
    // Ana's tab comes back: the contact is Ben's now, so she gets none (nothing else is left).
    expect(await store.callListContacts.claim(id, ana, T0 + 60_000 + TTL, TTL)).toBeNull()
  })

  it('brings a contact back after a No answer until its tries run out, and finishes it on any other outcome', async () => {
    const [store] = await twoConnections()
    const { id, people } = await listWith(store, 2, 1)
    const [ana = ''] = people
    const kinds: Record<string, { comes_back: boolean; asks_callback: boolean }> = {
      'no-answer': { comes_back: true, asks_callback: false },
      reached: { comes_back: false, asks_callback: false },
    }
    const listener = callListsOnWorkSaved(store, (kind) => kinds[kind] ?? null)
    // As the outcome routes do: the outcome saved, then the listener told.
    const onWorkSaved = async (event: Parameters<typeof listener>[0]) => {
      if (event.outcomeId) await store.callWork.recordOutcome(event.callId, event.outcomeId, event.by, event.at)
      await listener(event)
    }
    const hour = 60 * 60_000
    let at = T0
    const first = await store.callListContacts.claim(id, ana, at, TTL)
    for (let attempt = 1; attempt <= COME_BACK_DEFAULTS.maxTries; attempt++) {
      const contact = await store.callListContacts.claim(id, ana, at, TTL)
      expect(contact?.id).toBe(first?.id)
      await store.callListContacts.recordAttempt(contact?.id ?? 0, `call_${attempt}`, ana, at, TTL)
      await onWorkSaved({ callId: `call_${attempt}`, kind: 'outcome', outcomeId: 'no-answer', by: ana, at })
      const after = await store.callListContacts.find(first?.id ?? 0)
      if (attempt < COME_BACK_DEFAULTS.maxTries) {
        expect(after).toMatchObject({ state: 'waiting', tries: attempt, nextAt: at + 2 * hour, claimedBy: null })
        // Meanwhile the other contact is the next one; the first comes back only when due.
        const other = await store.callListContacts.claim(id, ana, at + 2 * hour - 1, TTL)
        expect(other?.id).not.toBe(first?.id)
        await store.callListContacts.release(other?.id ?? 0, ana, {
          skip: true,
          now: at + 2 * hour,
          comeBackMs: 0,
          maxTries: 3,
        })
        at += 2 * hour
      } else {
        expect(after).toMatchObject({ state: 'done', tries: 3 })
      }
    }
    expect(await store.callListContacts.attemptsOf(first?.id ?? 0)).toMatchObject([
      { callId: 'call_3', outcome: 'no-answer' },
      { callId: 'call_2', outcome: 'no-answer' },
      { callId: 'call_1', outcome: 'no-answer' },
    ])
    // A note, or a call that is not a list's, changes nothing; Reached finishes the other contact.
    await onWorkSaved({ callId: 'call_elsewhere', kind: 'outcome', outcomeId: 'reached', by: ana, at })
    const other = await store.callListContacts.claim(id, ana, at, TTL)
    await store.callListContacts.recordAttempt(other?.id ?? 0, 'call_4', ana, at, TTL)
    await onWorkSaved({ callId: 'call_4', kind: 'note', outcomeId: null, by: ana, at })
    expect((await store.callListContacts.find(other?.id ?? 0))?.state).toBe('waiting')
    await onWorkSaved({ callId: 'call_4', kind: 'outcome', outcomeId: 'reached', by: ana, at })
    expect(await store.callListContacts.find(other?.id ?? 0)).toMatchObject({ state: 'done', claimedBy: null })
    expect(await store.callLists.progress(id, at)).toEqual({
      total: 2,
      done: 2,
      left: 0,
      later: 0,
      byOutcome: [
        { outcome: 'no-answer', count: 1 },
        { outcome: 'reached', count: 1 },
      ],
    })
  })

  it('lets only the outcome a call has now decide, when two tabs’ saves are told in the other order', async () => {
    const [store] = await twoConnections()
    const { id, people } = await listWith(store, 1, 1)
    const [ana = ''] = people
    const onWorkSaved = callListsOnWorkSaved(store, (kind) => ({
      comes_back: kind === 'no-answer',
      asks_callback: false,
    }))
    const contact = await store.callListContacts.claim(id, ana, T0, TTL)
    await store.callListContacts.recordAttempt(contact?.id ?? 0, 'call_1', ana, T0, TTL)
    // Tab 1 saved No answer, tab 2 then Reached: the call's outcome is Reached, but tab 1's listener runs last.
    await store.callWork.recordOutcome('call_1', 'no-answer', ana, T0)
    await store.callWork.recordOutcome('call_1', 'reached', ana, T0 + 1)
    await onWorkSaved({ callId: 'call_1', kind: 'outcome', outcomeId: 'reached', by: ana, at: T0 + 1 })
    await onWorkSaved({ callId: 'call_1', kind: 'outcome', outcomeId: 'no-answer', by: ana, at: T0 })
    expect(await store.callListContacts.find(contact?.id ?? 0)).toMatchObject({ state: 'done', claimedBy: null })
    expect(await store.callListContacts.attemptsOf(contact?.id ?? 0)).toMatchObject([{ outcome: 'reached' }])
    expect((await store.callLists.progress(id, T0 + 3 * 60 * 60_000)).byOutcome).toEqual([
      { outcome: 'reached', count: 1 },
    ])
  })

  it('records a call placed twice (a reload sent the same placement) as one try', async () => {
    const [store] = await twoConnections()
    const { id, people } = await listWith(store, 1, 2)
    const [ana = '', ben = ''] = people
    const contact = await store.callListContacts.claim(id, ana, T0, TTL)
    const contactId = contact?.id ?? 0
    expect(await store.callListContacts.recordAttempt(contactId, 'call_a', ana, T0, TTL)).toBe(true)
    expect(await store.callListContacts.recordAttempt(contactId, 'call_a', ana, T0, TTL)).toBe(true)
    expect(await store.callListContacts.recordAttempt(contactId, 'call_b', ben, T0, TTL)).toBe(false)
    expect(await store.callListContacts.find(contactId)).toMatchObject({ tries: 1, claimCallId: 'call_a' })
  })
})
