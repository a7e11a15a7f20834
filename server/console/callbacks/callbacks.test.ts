// Callbacks through /api/console/callbacks on a real store (both stores), with calls placed through the console
// in front of a voice service (the quirks upstream) and the console's clock moved by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Callback, NOTICE_HOLD_MS } from '../../../src/api/contract/callback-schemas'
import { OPEN_CALLBACKS } from '../store/callbacks'
import { createTestConsole, expectProblem, fakeClock, type TestConsole } from '../test-support/console-app'
import { type QuirksUpstream, startQuirksUpstream } from '../test-support/quirks-upstream'

const CALLBACKS = '/api/console/callbacks'
const MINUTE = 60_000
const CALLBACK_ACTIONS = ['callback.created', 'callback.rescheduled', 'callback.done', 'callback.cancelled'] as const

let upstream: QuirksUpstream
beforeAll(async () => {
  upstream = await startQuirksUpstream()
})
afterAll(async () => {
  await upstream?.close()
})

async function team() {
  const clock = fakeClock()
  const t = await createTestConsole({ upstream: upstream.url, liveHub: null, now: clock.now })
  await t.addUser('ana@example.com', 'support')
  await t.addUser('bo@example.com', 'support')
  await t.addUser('mia@example.com', 'manager')
  return {
    t,
    clock,
    ana: await t.signIn('ana@example.com'),
    bo: await t.signIn('bo@example.com'),
    mia: await t.signIn('mia@example.com'),
  }
}

let calls = 0
/** A call placed through the console by the person with that cookie. */
async function place(t: TestConsole, cookie: string, metadata: Record<string, unknown> = { ticket: 'T-1' }) {
  const res = await t.request('/api/v1/voice/calls', {
    cookie,
    headers: { 'idempotency-key': `callbacks-${process.pid}-${calls++}` },
    json: { caller_id: '+14155550100', destination: '+13125550123', metadata },
  })
  expect(res.status).toBeLessThan(300)
  return ((await res.json()) as { call_id: string }).call_id
}

const iso = (ms: number) => new Date(ms).toISOString()

async function ask(t: TestConsole, cookie: string, body: object) {
  return t.request(CALLBACKS, { cookie, json: body })
}

async function listed(t: TestConsole, cookie: string, path = `${CALLBACKS}?due=now`): Promise<Callback[]> {
  const res = await t.request(path, { cookie })
  expect(res.status).toBe(200)
  return ((await res.json()) as { callbacks: Callback[] }).callbacks
}

describe('callbacks', () => {
  it('keeps an agent’s callback for them, with the call’s number, caller ID, metadata and the callee’s zone', async () => {
    const { t, clock, ana, bo } = await team()
    const callId = await place(t, ana)
    const created = await ask(t, ana, { call_id: callId, due_at: iso(clock.now() + 5 * MINUTE), owner: 'placer' })
    expect(created.status).toBe(201)
    const callback = (await created.json()) as Callback
    expect(callback).toMatchObject({
      call_id: callId,
      number: '+13125550123',
      caller_id: '+14155550100',
      metadata: { ticket: 'T-1' },
      owner: { email: 'ana@example.com' },
      created_by: { email: 'ana@example.com' },
      time_zones: ['America/Chicago'],
      done_at: null,
    })

    // Not due yet; then due for Ana alone, by the console's clock.
    expect(await listed(t, ana)).toEqual([])
    expect((await listed(t, ana, CALLBACKS)).map((c) => c.id)).toEqual([callback.id])
    clock.advance(5 * MINUTE)
    expect((await listed(t, ana)).map((c) => c.id)).toEqual([callback.id])
    expect(await listed(t, bo)).toEqual([])

    const audit = await t.store.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'actor_email'])
      .where('action', 'in', CALLBACK_ACTIONS)
      .execute()
    expect(audit).toEqual([{ action: 'callback.created', target: callId, actor_email: 'ana@example.com' }])
    await t.store.close()
  })

  it('leaves out the console’s own marks of a list’s call from the callback’s metadata', async () => {
    const { t, clock, ana } = await team()
    const callId = await place(t, ana, {
      Name: 'Ada',
      call_list_id: 'list_abc',
      call_list_contact_id: '7',
      callback_id: 'cb_earlier',
    })
    const created = await ask(t, ana, { call_id: callId, due_at: iso(clock.now() + 5 * MINUTE), owner: 'placer' })
    expect(created.status).toBe(201)
    expect(((await created.json()) as Callback).metadata).toEqual({ Name: 'Ada' })
    expect((await listed(t, ana, CALLBACKS)).map((c) => c.metadata)).toEqual([{ Name: 'Ada' }])
    await t.store.close()
  })

  it('gives everyone’s callback to every agent, and tells each person once across their tabs', async () => {
    const { t, clock, ana, bo } = await team()
    const callId = await place(t, ana)
    const callback = (await (
      await ask(t, ana, { call_id: callId, due_at: iso(clock.now() + MINUTE), owner: 'everyone' })
    ).json()) as Callback
    const notice = async (cookie: string) => {
      const res = await t.request(`${CALLBACKS}/${callback.id}/notice`, { cookie, method: 'POST' })
      expect(res.status).toBe(200)
      return ((await res.json()) as { first: boolean }).first
    }
    // Before it is due nobody is told, and asking does not use the notice up.
    expect(await notice(ana)).toBe(false)
    clock.advance(MINUTE)
    expect((await listed(t, bo)).map((c) => c.id)).toEqual([callback.id])
    const anaSecondTab = await t.signIn('ana@example.com')
    expect(await Promise.all([notice(ana), notice(anaSecondTab)])).toEqual(expect.arrayContaining([true, false]))
    expect(await notice(ana)).toBe(false)
    expect(await notice(bo)).toBe(true)
    await t.store.close()
  })

  it('tells the tab that won a notice so again when it asks again, its first answer lost, and no other tab', async () => {
    const { t, clock, ana } = await team()
    const callId = await place(t, ana)
    const asked = await ask(t, ana, { call_id: callId, due_at: iso(clock.now() + MINUTE), owner: 'placer' })
    expect(asked.status, await asked.clone().text()).toBe(201)
    const callback = (await asked.json()) as Callback
    clock.advance(MINUTE)
    const notice = async (tab: string) => {
      const res = await t.request(`${CALLBACKS}/${callback.id}/notice?tab=${tab}`, { cookie: ana, method: 'POST' })
      expect(res.status, await res.clone().text()).toBe(200)
      return ((await res.json()) as { first: boolean }).first
    }
    const [first, second] = await Promise.all([notice('tab-aaaaaaaa'), notice('tab-bbbbbbbb')])
    expect([first, second]).toEqual(expect.arrayContaining([true, false]))
    const winner = first ? 'tab-aaaaaaaa' : 'tab-bbbbbbbb'
    const other = first ? 'tab-bbbbbbbb' : 'tab-aaaaaaaa'
    expect(await notice(winner)).toBe(true)
    expect(await notice(other)).toBe(false)
    // A tab that names itself not at all (an older page) never wins it again.
    const unnamed = await t.request(`${CALLBACKS}/${callback.id}/notice`, { cookie: ana, method: 'POST' })
    expect(await unnamed.json()).toEqual({ first: false, held_until: null })
    const refused = await t.request(`${CALLBACKS}/${callback.id}/notice?tab=a%20b`, { cookie: ana, method: 'POST' })
    expect(refused.status).toBe(400)
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    await t.store.close()
  })

  it('gives a notice won and never shown to another tab once its hold lapses, and never one that was shown', async () => {
    const { t, clock, ana } = await team()
    const callbackOf = async () => {
      const asked = await ask(t, ana, {
        call_id: await place(t, ana),
        due_at: iso(clock.now() + MINUTE),
        owner: 'placer',
      })
      expect(asked.status, await asked.clone().text()).toBe(201)
      return (await asked.json()) as Callback
    }
    const unshown = await callbackOf()
    const shownOne = await callbackOf()
    const olderPage = await callbackOf()
    clock.advance(MINUTE)
    const notice = async (callback: Callback, tab: string, say: 'hold=true' | 'shown=true' | '' = 'hold=true') => {
      const res = await t.request(`${CALLBACKS}/${callback.id}/notice?tab=${tab}${say ? `&${say}` : ''}`, {
        cookie: ana,
        method: 'POST',
      })
      expect(res.status, await res.clone().text()).toBe(200)
      return (await res.json()) as { first: boolean; held_until?: string | null }
    }
    const heldFor = (ms: number) => iso(clock.now() + ms)
    // Tab A wins both; it shows one and closes before showing the other.
    expect(await notice(unshown, 'tab-aaaaaaaa')).toEqual({ first: true, held_until: null })
    expect(await notice(shownOne, 'tab-aaaaaaaa')).toEqual({ first: true, held_until: null })
    expect(await notice(shownOne, 'tab-aaaaaaaa', 'shown=true')).toEqual({ first: true })
    // Tab B, meanwhile: held for A until the hold lapses; the shown one, never again, not even to A.
    expect(await notice(unshown, 'tab-bbbbbbbb')).toEqual({ first: false, held_until: heldFor(NOTICE_HOLD_MS) })
    expect(await notice(shownOne, 'tab-bbbbbbbb')).toEqual({ first: false, held_until: null })
    expect(await notice(shownOne, 'tab-aaaaaaaa')).toEqual({ first: false, held_until: null })
    // A tab that did not win it cannot say it showed it.
    expect(await notice(unshown, 'tab-bbbbbbbb', 'shown=true')).toEqual({ first: false })
    clock.advance(NOTICE_HOLD_MS - 1)
    expect(await notice(unshown, 'tab-bbbbbbbb')).toEqual({ first: false, held_until: heldFor(1) })
    clock.advance(1)
    expect(await notice(unshown, 'tab-bbbbbbbb')).toEqual({ first: true, held_until: null })
    // Now B's, held from now: A, back, is not told again.
    expect(await notice(unshown, 'tab-aaaaaaaa')).toEqual({ first: false, held_until: heldFor(NOTICE_HOLD_MS) })
    // B asking again (its answer lost) starts its hold again: A cannot take it when the first hold would have lapsed.
    clock.advance(NOTICE_HOLD_MS - 1)
    expect(await notice(unshown, 'tab-bbbbbbbb')).toEqual({ first: true, held_until: null })
    clock.advance(1)
    expect(await notice(unshown, 'tab-aaaaaaaa')).toEqual({
      first: false,
      held_until: heldFor(NOTICE_HOLD_MS - 1),
    })
    // A page from before holding (a tab, no hold): the winner's for good, as before; it hears first again.
    expect(await notice(olderPage, 'tab-cccccccc', '')).toEqual({ first: true, held_until: null })
    clock.advance(NOTICE_HOLD_MS)
    expect(await notice(olderPage, 'tab-cccccccc', '')).toEqual({ first: true, held_until: null })
    expect(await notice(olderPage, 'tab-bbbbbbbb')).toEqual({ first: false, held_until: null })
    const refused = await t.request(`${CALLBACKS}/${unshown.id}/notice?shown=true`, { cookie: ana, method: 'POST' })
    expect(refused.status).toBe(400)
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    const unreadable = await t.request(`${CALLBACKS}/${unshown.id}/notice?tab=tab-aaaaaaaa&shown=false`, {
      cookie: ana,
      method: 'POST',
    })
    expect((await expectProblem(unreadable, 400)).detail).toMatch(/shown=true/)
    await t.store.close()
  })

  it('refuses what the rules do not allow, each in words, as problem+json', async () => {
    const { t, clock, ana, bo, mia } = await team()
    const callId = await place(t, ana)
    const soon = iso(clock.now() + 10 * MINUTE)

    const past = await expectProblem(
      await ask(t, ana, { call_id: callId, due_at: iso(clock.now() - MINUTE), owner: 'placer' }),
      400,
    )
    expect(past).toMatchObject({ detail: 'Choose a time that is still ahead.', errors: [{ field: 'due_at' }] })
    const far = await expectProblem(
      await ask(t, ana, { call_id: callId, due_at: iso(clock.now() + 91 * 24 * 60 * MINUTE), owner: 'placer' }),
      400,
    )
    expect(far.detail).toBe('Choose a time within 90 days.')
    const unreadable = await expectProblem(await ask(t, ana, { call_id: callId, due_at: 'Tuesday', owner: 'me' }), 400)
    expect((unreadable as unknown as { errors: { field: string }[] }).errors.map((e) => e.field).sort()).toEqual([
      'due_at',
      'owner',
    ])
    expect((await expectProblem(await ask(t, bo, { call_id: callId, due_at: soon, owner: 'placer' }), 403)).title).toBe(
      'Not your call',
    )
    expect(
      (await expectProblem(await ask(t, ana, { call_id: 'call_unknown', due_at: soon, owner: 'placer' }), 404)).title,
    ).toBe('No such call')

    // A manager asks for the placer's callback: it is Ana's.
    const forAna = await ask(t, mia, { call_id: callId, due_at: soon, owner: 'placer' })
    expect(forAna.status).toBe(201)
    const callback = (await forAna.json()) as Callback
    expect(callback.owner?.email).toBe('ana@example.com')
    // Someone else's private callback does not exist for Bo; a manager's list is the overdue one.
    await expectProblem(await t.request(`${CALLBACKS}/${callback.id}/done`, { cookie: bo, method: 'POST' }), 404)
    await expectProblem(await t.request(`${CALLBACKS}/${callback.id}/cancel`, { cookie: bo, method: 'POST' }), 404)
    // Nor by its call: the call page's panel shows Bo everyone's callbacks of the call, not Ana's own.
    expect(await listed(t, bo, `${CALLBACKS}?call_id=${callId}`)).toEqual([])
    expect((await listed(t, ana, `${CALLBACKS}?call_id=${callId}`)).map((c) => c.id)).toEqual([callback.id])
    expect((await listed(t, mia, `${CALLBACKS}?call_id=${callId}`)).map((c) => c.id)).toEqual([callback.id])
    await expectProblem(await t.request(`${CALLBACKS}?due=now`, { cookie: mia }), 403)
    await expectProblem(await t.request(`${CALLBACKS}/overdue`, { cookie: ana }), 403)
    await expectProblem(await t.request(`${CALLBACKS}?due=later`, { cookie: ana }), 400)
    await expectProblem(await t.request(`${CALLBACKS}/time-zones?number=4155550100`, { cookie: ana }), 400)
    await t.store.close()
  })

  it('keeps a few open callbacks a call and a bounded number a person, however many are asked at once', async () => {
    const { t, clock, ana } = await team()
    const callId = await place(t, ana)
    const body = (minutes: number) => ({
      call_id: callId,
      due_at: iso(clock.now() + minutes * MINUTE),
      owner: 'everyone',
    })
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => ask(t, ana, body(i + 1))))
    expect(answers.filter((res) => res.status === 201)).toHaveLength(OPEN_CALLBACKS.perCall)
    const refused = answers.find((res) => res.status === 409)
    expect((await expectProblem(refused as Response, 409)).detail).toBe(
      `This call has ${OPEN_CALLBACKS.perCall} open callbacks already: move or cancel one of them instead.`,
    )
    // A person's open callbacks are bounded too (a smaller cap given to the store here); Bo's are his own.
    const facts = { number: '+13125550123', callerId: '+14155550100', metadata: {}, timeZones: [], ownerId: null }
    const [anaId = '', boId = ''] = await Promise.all(
      ['ana@example.com', 'bo@example.com'].map(async (email) => (await t.store.users.byEmail(email))?.id ?? ''),
    )
    const most = { perCall: 3, perPerson: 5, inAll: 8 }
    const add = (createdBy: string, n: number) =>
      t.store.callbacks.create(
        { ...facts, callId: `call_${createdBy}_${n}`, dueAt: clock.now() + MINUTE, createdBy },
        clock.now(),
        most,
      )
    const anas = await Promise.all(Array.from({ length: 4 }, (_, n) => add(anaId, n)))
    // Ana has 3 already (above): 2 more, then she is told her own are too many.
    expect(anas.map((made) => ('id' in made ? 'made' : made.refused)).sort()).toEqual([
      'made',
      'made',
      'person',
      'person',
    ])
    const bos = await Promise.all(Array.from({ length: 6 }, (_, n) => add(boId, n)))
    expect(bos.filter((made) => 'id' in made)).toHaveLength(3)
    expect(bos.filter((made) => !('id' in made) && made.refused === 'everyone')).toHaveLength(3)
    await t.store.close()
  })

  it('lets one of two tabs win when one marks it done while the other moves it, and says so to the other', async () => {
    const { t, clock, ana } = await team()
    const due = iso(clock.now() + 5 * MINUTE)
    for (let round = 0; round < 3; round++) {
      const made = await ask(t, ana, { call_id: await place(t, ana), due_at: due, owner: 'placer' })
      const { id, call_id: callId } = (await made.json()) as Callback
      const [done, moved] = await Promise.all([
        t.request(`${CALLBACKS}/${id}/done`, { cookie: ana, method: 'POST' }),
        t.request(`${CALLBACKS}/${id}/reschedule`, { cookie: ana, json: { due_at: iso(clock.now() + 60 * MINUTE) } }),
      ])
      expect(done.status).toBe(200)
      // Moved first and then done, or refused as done already: never moved after it was done.
      if (moved.status !== 200) expect((await expectProblem(moved, 409)).title).toBe('Callback already done')
      expect(await listed(t, ana, `${CALLBACKS}?call_id=${callId}`)).toEqual([])
    }
    await t.store.close()
  })

  it('shows managers the overdue ones of all people, until done, moved or cancelled; each change audited', async () => {
    const { t, clock, ana, mia } = await team()
    const first = (await (
      await ask(t, ana, { call_id: await place(t, ana), due_at: iso(clock.now() + MINUTE), owner: 'placer' })
    ).json()) as Callback
    const second = (await (
      await ask(t, ana, { call_id: await place(t, ana), due_at: iso(clock.now() + 2 * MINUTE), owner: 'everyone' })
    ).json()) as Callback
    const overdue = () => listed(t, mia, `${CALLBACKS}/overdue`)
    clock.advance(2 * MINUTE)
    expect(await overdue()).toEqual([])
    clock.advance(15 * MINUTE)
    expect((await overdue()).map((c) => c.id)).toEqual([first.id, second.id])

    const moved = await t.request(`${CALLBACKS}/${first.id}/reschedule`, {
      cookie: ana,
      json: { due_at: iso(clock.now() + 60 * MINUTE) },
    })
    expect(moved.status).toBe(200)
    const done = await t.request(`${CALLBACKS}/${second.id}/done`, { cookie: ana, method: 'POST' })
    expect(((await done.json()) as Callback).done_by?.email).toBe('ana@example.com')
    expect(await overdue()).toEqual([])
    expect(
      (await expectProblem(await t.request(`${CALLBACKS}/${second.id}/cancel`, { cookie: mia, method: 'POST' }), 409))
        .title,
    ).toBe('Callback already done')
    const cancelled = await t.request(`${CALLBACKS}/${first.id}/cancel`, { cookie: mia, method: 'POST' })
    expect(cancelled.status).toBe(200)
    expect(await listed(t, ana, CALLBACKS)).toEqual([])

    const audit = await t.store.db
      .selectFrom('audit_log')
      .select(['action', 'actor_email'])
      .where('action', 'in', CALLBACK_ACTIONS)
      .orderBy('seq')
      .execute()
    expect(audit.map((row) => `${row.action} ${row.actor_email}`)).toEqual([
      'callback.created ana@example.com',
      'callback.created ana@example.com',
      'callback.rescheduled ana@example.com',
      'callback.done ana@example.com',
      'callback.cancelled mia@example.com',
    ])
    await t.store.close()
  })

  it('is done once the call placed from its "Call back" link is placed, whoever’s tab placed it', async () => {
    const { t, clock, ana, bo } = await team()
    const callId = await place(t, ana, { ticket: 'T-9' })
    const mine = (await (
      await ask(t, ana, { call_id: callId, due_at: iso(clock.now() + MINUTE), owner: 'placer' })
    ).json()) as Callback
    clock.advance(MINUTE)
    // Bo's call naming Ana's callback leaves it Ana's to do.
    await place(t, bo, { ticket: 'T-9', callback_id: mine.id })
    expect((await listed(t, ana)).map((c) => c.id)).toEqual([mine.id])

    const again = await place(t, ana, { ticket: 'T-9', callback_id: mine.id })
    expect(await listed(t, ana)).toEqual([])
    const res = await t.request(`${CALLBACKS}?call_id=${callId}`, { cookie: ana })
    expect(((await res.json()) as { callbacks: Callback[] }).callbacks).toEqual([])
    const row = await t.store.callbacks.find(mine.id)
    expect(row?.done).toMatchObject({ email: 'ana@example.com', callId: again })
    await t.store.close()
  })

  it('tells the callee’s zones from a number, or none when it cannot', async () => {
    const { t, ana } = await team()
    const zones = async (number: string) => {
      const res = await t.request(`${CALLBACKS}/time-zones?number=${encodeURIComponent(number)}`, { cookie: ana })
      return ((await res.json()) as { time_zones: string[] }).time_zones
    }
    expect(await zones('+442071838750')).toEqual(['Europe/London'])
    expect(await zones('+18005550100')).toEqual([])
    await t.store.close()
  })
})
