// The outcome "Do not call again" with the agent's confirmation lists the call's number (issue 52), with a real store
// (both, under the two server projects): who may, what the list and the audit trail then hold, and what nothing lists.
import { describe, expect, it } from 'vitest'
import type { CallWork } from '../../../../src/api/contract/call-work-schemas'
import { createTestConsole, expectProblem, fakeClock } from '../../test-support/console-app'
import { indexCalls } from '../../test-support/indexed-calls'

const CALLEE = '+14155550142'

async function team() {
  const clock = fakeClock()
  const app = await createTestConsole({ workClock: async () => clock.now() })
  const ana = await app.addUser('ana@example.com', 'support')
  await app.addUser('bob@example.com', 'support')
  await app.addUser('meg@example.com', 'manager')
  // Ana placed the call to the callee; the index knows its number, as after any placement through the console.
  await indexCalls(app.store, [
    { call_id: 'call_ana_1', created_at: '2026-11-02T10:00:00Z', destination: CALLEE, owner: ana.id },
  ])
  const cookies = {
    ana: await app.signIn('ana@example.com'),
    bob: await app.signIn('bob@example.com'),
    meg: await app.signIn('meg@example.com'),
  }
  const save = (who: keyof typeof cookies, json: object) =>
    app.request('/api/console/calls/call_ana_1/outcome', { cookie: cookies[who], method: 'PUT', json })
  const listed = () => app.store.doNotCall.find(CALLEE)
  const listings = () =>
    app.store.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'actor_email', 'detail'])
      .where('action', '=', 'do-not-call.added')
      .execute()
      // As people read them: the number and the reason are kept beside the hashed entry (issue 52).
      .then(app.store.auditPersonal.reveal)
  return { app, clock, cookies, save, listed, listings }
}

describe('the outcome “Do not call again”', () => {
  it('without the confirmation lists nothing, and the answer says the number is not listed yet', async () => {
    const { save, listed, listings } = await team()
    const res = await save('ana', { outcome: 'do-not-call-again' })
    expect(res.status).toBe(200)
    expect(((await res.json()) as CallWork).do_not_call).toEqual({ phone_number: CALLEE, listed: false })
    expect(await listed()).toBeNull()
    expect(await listings()).toEqual([])
  })

  it('with the confirmation lists the number as the callee asked, naming the call, audited, though agents manage no list', async () => {
    const { app, clock, cookies, save, listed, listings } = await team()
    // Ana may not list a number by hand: only through the call where the callee asked.
    await expectProblem(
      await app.request('/api/console/do-not-call', {
        cookie: cookies.ana,
        json: { phone_number: CALLEE, reason: 'by hand' },
      }),
      403,
    )
    const res = await save('ana', { outcome: 'do-not-call-again', add_to_do_not_call: true })
    expect(res.status).toBe(200)
    expect(((await res.json()) as CallWork).do_not_call).toEqual({ phone_number: CALLEE, listed: true })
    const reason = 'Asked not to be called again on call call_ana_1 (outcome recorded by ana@example.com).'
    expect(await listed()).toMatchObject({
      source: 'outcome',
      reason,
      addedByEmail: 'ana@example.com',
      addedAt: clock.now(),
    })
    const rows = await listings()
    expect(rows.map((row) => ({ ...row, detail: JSON.parse(String(row.detail)) }))).toEqual([
      {
        action: 'do-not-call.added',
        target: CALLEE,
        actor_email: 'ana@example.com',
        detail: { reason, source: 'outcome', call_id: 'call_ana_1' },
      },
    ])
    // Everyone reading the call sees where the number stands, and the list says so to whoever asks.
    const work = (await (
      await app.request('/api/console/calls/call_ana_1/work', { cookie: cookies.bob })
    ).json()) as CallWork
    expect(work.do_not_call).toEqual({ phone_number: CALLEE, listed: true })
    const lookup = await app.request(`/api/console/do-not-call?phone_number=${encodeURIComponent(CALLEE)}`, {
      cookie: cookies.bob,
    })
    expect(await lookup.json()).toMatchObject({ entry: { source: 'outcome', reason } })
    // Saved again (another tab): the first listing stands, and nothing new is audited.
    expect((await save('meg', { outcome: 'do-not-call-again', add_to_do_not_call: true })).status).toBe(200)
    expect((await listed())?.addedByEmail).toBe('ana@example.com')
    expect((await listings()).length).toBe(1)
  })

  it('lists nothing for someone who may not record the call’s outcome, and a manager may', async () => {
    const { save, listed } = await team()
    await expectProblem(await save('bob', { outcome: 'do-not-call-again', add_to_do_not_call: true }), 403)
    expect(await listed()).toBeNull()
    expect((await save('meg', { outcome: 'do-not-call-again', add_to_do_not_call: true })).status).toBe(200)
    expect((await listed())?.addedByEmail).toBe('meg@example.com')
  })

  it('is known by its id, so a renamed kind still lists; another outcome with the confirmation is refused in words', async () => {
    const { app, save, listed } = await team()
    const refused = (await expectProblem(
      await save('ana', { outcome: 'reached', add_to_do_not_call: true }),
      400,
    )) as unknown as {
      errors: { field: string }[]
    }
    expect(refused.errors.map((error) => error.field)).toEqual(['add_to_do_not_call'])
    expect(await listed()).toBeNull()
    await app.store.callWork.changeKind('do-not-call-again', { label: 'Asked never to be called' })
    const res = await save('ana', { outcome: 'do-not-call-again', add_to_do_not_call: true })
    expect(((await res.json()) as CallWork).outcome?.label).toBe('Asked never to be called')
    expect(await listed()).not.toBeNull()
  })

  it('other outcomes answer nothing about the list', async () => {
    const { save } = await team()
    const res = await save('ana', { outcome: 'reached' })
    expect((await res.json()) as CallWork).not.toHaveProperty('do_not_call')
  })
})
