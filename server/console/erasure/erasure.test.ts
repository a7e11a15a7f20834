// Erasure of a number as an admin asks for it, through two console instances on one store in front of the real
// simulator: calls placed to the number and to another that shares its last seven digits, notes and metadata naming
// it, a call list and a callback. After the erasure a search of every table the database lists finds the number
// nowhere but the do-not-call list and the audit trail (whose values another change erases), the other number's rows
// are as they were, and the other instance serves no trace of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { erasureAnswer, erasuresPage } from '../../../src/api/contract/erasure-schemas'
import { verifyAuditTrail } from '../audit/verify'
import { parseCallingWindow } from '../calling-hours/calling-window'
import { openStore } from '../store'
import { importCallList } from '../test-support/call-list-console'
import { createTestConsole, expectProblem, fakeClock, type TestConsole } from '../test-support/console-app'
import { ACME_KEY, type SimulatorProcess, startSimulatorProcess } from '../test-support/simulator-process'
import { storeTables, whereStoreHolds } from '../test-support/store-grep'
import { testStoreLocation } from '../test-support/test-store'
import { findSamples } from '../test-support/voice-samples'

/** The one table that keeps the number on purpose: its legal basis is the person's own objection to calls. */
const KEPT_ON_PURPOSE = ['do_not_call']

const SUBJECT = '+14155550177'
// Its last seven digits are the subject's: a search by digits alone would take one for the other.
const OTHER = '+13125550177'
/** The subject's number as E.164, as a person in the US writes it, and as bare digits. */
const SUBJECT_FORMS = ['+14155550177', '(415) 555-0177', '4155550177']

const clock = fakeClock(Date.parse('2026-12-06T15:00:00Z'))
let sim: SimulatorProcess
let first: TestConsole
let second: TestConsole
let callerId: string
const cookie = { ana: '', sam: '', mia: '', anaOnSecond: '' }

beforeAll(async () => {
  sim = await startSimulatorProcess()
  callerId = (await findSamples(sim)).callerId
  const location = await testStoreLocation({ file: true })
  const options = {
    now: clock.now,
    upstream: sim.url,
    apiKey: ACME_KEY,
    liveHub: null,
    callingHours: { window: parseCallingWindow('00:00-24:00'), byCountry: new Map() },
  }
  first = await createTestConsole({ ...options, store: await openStore(location) })
  second = await createTestConsole({ ...options, store: await openStore(location) })
  await first.addUser('ana@example.com', 'admin')
  await first.addUser('sam@example.com', 'support')
  await first.addUser('mia@example.com', 'manager')
  cookie.ana = await first.signIn('ana@example.com')
  cookie.sam = await first.signIn('sam@example.com')
  cookie.mia = await first.signIn('mia@example.com')
  cookie.anaOnSecond = await second.signIn('ana@example.com')
}, 60_000)
afterAll(async () => {
  await first?.store.close()
  await second?.store.close()
  await sim?.stop()
})

let placed = 0
async function place(destination: string, metadata: Record<string, unknown>) {
  const res = await first.request('/api/v1/voice/calls', {
    cookie: cookie.sam,
    headers: { 'idempotency-key': `erasure-${process.pid}-${placed++}` },
    json: { caller_id: callerId, destination, metadata },
  })
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { call_id: string }).call_id
}

async function ok(res: Response | Promise<Response>, status = 200) {
  const answered = await res
  expect(answered.status, await answered.clone().text()).toBe(status)
  return answered.json()
}

const work = (callId: string, what: 'note' | 'outcome', json: object) =>
  first.request(`/api/console/calls/${callId}/${what}`, { cookie: cookie.sam, method: 'PUT', json })

const erase = (t: TestConsole, who: string, json: object) => t.request('/api/console/erasures', { cookie: who, json })

describe('erasing a number', () => {
  let subjectCall = ''
  let otherCall = ''

  beforeAll(async () => {
    subjectCall = await place(SUBJECT, { ticket: 'T-1', alt_phone: '(415) 555-0177' })
    await place(SUBJECT, { ticket: 'T-2' })
    otherCall = await place(OTHER, { ticket: 'T-3', referred_by: 'the caller at 415.555.0177' })
    await ok(work(subjectCall, 'note', { note: 'Asked to be called on +1 415 555 0177 after five' }))
    await ok(work(subjectCall, 'note', { note: 'Asked to be called after five' }))
    await ok(work(subjectCall, 'outcome', { outcome: 'callback-requested' }))
    await ok(work(otherCall, 'note', { note: 'Her sister: 4155550177. Call me about T-3.' }))
    // Issue 53: a manager's scores, whose comments are about the call (and one names the number).
    const card = await ok(
      first.request('/api/console/scorecards', {
        cookie: cookie.ana,
        json: { name: 'Quality', questions: [{ kind: 'yes_no', text: 'Kind?', weight: 1 }] },
      }),
      201,
    )
    const scoreOf = (callId: string, comment: string) =>
      first.request(`/api/console/calls/${callId}/scores/${card.id}`, {
        cookie: cookie.mia,
        method: 'PUT',
        json: { answers: [{ question_id: 'q1', value: true }], comment },
      })
    await ok(scoreOf(subjectCall, 'Confirmed her number, (415) 555-0177'), 201)
    await ok(scoreOf(otherCall, 'Took down the sister’s 4155550177 kindly'), 201)
    const csv = ['Name,Phone,Note', 'Jane,(415) 555-0177,VIP', 'Bob,+1 312 555 0177,alt 415-555-0177'].join('\n')
    await importCallList(first, cookie.mia, { csv, name: 'December' })
    await ok(
      first.request('/api/console/callbacks', {
        cookie: cookie.sam,
        json: { call_id: subjectCall, due_at: new Date(clock.now() + 3_600_000).toISOString(), owner: 'placer' },
      }),
      201,
    )
    await ok(
      first.request('/api/console/calling-hours/exceptions', {
        cookie: cookie.ana,
        json: { phone_number: SUBJECT, reason: 'The callee asked for 22:30' },
      }),
      201,
    )
    await ok(
      first.request('/api/console/views', {
        cookie: cookie.sam,
        json: { name: 'Jane', search: `q=${encodeURIComponent(SUBJECT)}`, shared: false, pinned: false },
      }),
      201,
    )
    await ok(
      first.request('/api/console/do-not-call', {
        cookie: cookie.ana,
        json: { phone_number: SUBJECT, reason: 'Asked us' },
      }),
      201,
    )
  }, 60_000)

  it('is refused to anyone but an admin, and a number that is none is a 400 in words', async () => {
    for (const who of [cookie.sam, cookie.mia]) {
      await expectProblem(await erase(first, who, { phone_number: SUBJECT, reason: 'GDPR request 17' }), 403)
      await expectProblem(
        await first.request(`/api/console/subject-access?phone_number=${encodeURIComponent(SUBJECT)}`, { cookie: who }),
        403,
      )
      await expectProblem(await first.request('/api/console/erasures', { cookie: who }), 403)
    }
    for (const [body, words] of [
      [{ phone_number: '555-0177', reason: 'x' }, 'no country code'],
      [{ phone_number: '+1 415 55', reason: 'x' }, 'not a valid number'],
      [{ phone_number: SUBJECT, reason: ' ' }, 'Check the number and the reason'],
    ] as const)
      expect((await expectProblem(await erase(first, cookie.ana, body), 400)).detail).toContain(words)
    await expectProblem(
      await first.request('/api/console/subject-access?phone_number=call-me', { cookie: cookie.ana }),
      400,
    )
  })

  it('takes one erasure or export of a person’s at a time, across instances, the next told 429 in words', async () => {
    const ana = await first.store.users.byEmail('ana@example.com')
    // Ana's turn held, as by an erasure still running on the other instance.
    expect(await first.store.personClaims.claim(`erasure-work:${ana?.id}:0`, 'elsewhere', clock.now(), 60_000)).toBe(
      true,
    )
    const refused = await first.request(`/api/console/subject-access?phone_number=${encodeURIComponent(OTHER)}`, {
      cookie: cookie.ana,
    })
    expect((await expectProblem(refused, 429)).detail).toContain('your other erasure or export')
    expect(refused.headers.get('retry-after')).toBe('5')
    await first.store.personClaims.release('elsewhere')
    expect(
      (
        await first.request(`/api/console/subject-access?phone_number=${encodeURIComponent(OTHER)}`, {
          cookie: cookie.ana,
        })
      ).status,
    ).toBe(200)
  })

  it('exports what is held about the number first, as a download, audited without the number', async () => {
    const res = await second.request(
      `/api/console/subject-access?phone_number=${encodeURIComponent('(415) 555-0177')}&region=US`,
      {
        cookie: cookie.anaOnSecond,
      },
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="subject-access-2026-12-06.json"')
    const held = (await res.json()) as Record<string, unknown> & { counts: Record<string, number> }
    expect(held.phone_number).toBe(SUBJECT)
    expect(held.counts).toMatchObject({
      calls: 2,
      notes: 2,
      outcomes: 1,
      scores: 1,
      contacts: 1,
      callbacks: 1,
      note_mentions: 1,
      call_metadata_mentions: 1,
      do_not_call: 1,
      calling_hours_exceptions: 1,
    })
    const entry = (await first.store.audit.page({ action: 'subject-access.exported' }, 10))[0]
    expect(entry).toMatchObject({ actor_email: 'ana@example.com', target: null })
    for (const form of SUBJECT_FORMS) expect(JSON.stringify(entry)).not.toContain(form)
  })

  it('leaves the number in no table but the do-not-call list (the audit trail’s values erased too), and the other number as it was', async () => {
    const before = await whereStoreHolds(first.store, SUBJECT_FORMS)
    // The seeding reached the tables it was meant to: the search finds the number before.
    for (const place of [
      'indexed_calls.destination',
      'indexed_calls.metadata',
      'indexed_call_metadata.value_lower',
      'indexed_call_text.numbers',
      'call_notes.text',
      'call_note_versions.text',
      'call_list_contacts.number',
      'callbacks.number',
      'calling_hours_exceptions.phone_number',
      'saved_views.search',
      'audit_personal_values.value',
      'call_scores.comment',
    ])
      expect(before.get(place), place).toBeGreaterThan(0)
    const otherBefore = await whereStoreHolds(first.store, [OTHER])
    // The trail verifies before, and keeps every hash through the erasure: the head noted before stays in the chain.
    const verifiedBefore = await verifyAuditTrail(first.store)
    expect(verifiedBefore.ok).toBe(true)
    const headBefore = verifiedBefore.ok ? verifiedBefore.lastHash : null

    const answer = erasureAnswer.parse(
      await ok(
        erase(first, cookie.ana, { phone_number: '+1 (415) 555-0177', reason: 'GDPR request 17 from 4155550177' }),
      ),
    )
    expect(answer.erasure.erased).toMatchObject({
      calls: 2,
      call_metadata: 1,
      notes: 1,
      note_mentions: 1,
      outcomes: 1,
      contacts: 1,
      contact_mentions: 1,
      callbacks: 1,
      calling_hours_exceptions: 1,
      saved_views: 1,
      scores: 1,
      score_mentions: 1,
    })
    expect(answer).toMatchObject({
      erased_before: 0,
      erasure: {
        audit_trail: { values: expect.any(Number), entries: expect.any(Number) },
        reason: 'GDPR request 17 from [erased]',
      },
    })
    expect(answer.kept[0]?.what).toContain('do-not-call')
    expect(answer.erasure.audit_trail?.values).toBeGreaterThan(0)
    const verifiedAfter = await verifyAuditTrail(first.store)
    expect(verifiedAfter.ok).toBe(true)
    const kept = await first.store.db
      .selectFrom('audit_log')
      .select('hash')
      .where('hash', '=', headBefore ?? '')
      .executeTakeFirst()
    expect(kept?.hash).toBe(headBefore)

    const after = await whereStoreHolds(first.store, SUBJECT_FORMS)
    const skipped = KEPT_ON_PURPOSE
    const left = [...after.keys()].filter((place) => !skipped.includes(place.split('.')[0] ?? ''))
    expect(left).toEqual([])
    expect(after.get('do_not_call.phone_number')).toBe(1)
    // The search went through every table the database has, the new erasures table too.
    expect(await storeTables(first.store)).toEqual(expect.arrayContaining(['erasures', 'indexed_calls', 'callbacks']))

    // The other number's rows: its call, contact and the words around the erased mention stay.
    expect(await whereStoreHolds(first.store, [OTHER])).toEqual(otherBefore)
    const held = await ok(
      first.request(`/api/console/subject-access?phone_number=${encodeURIComponent(OTHER)}`, { cookie: cookie.ana }),
    )
    expect(held).toMatchObject({ counts: { calls: 1, contacts: 1, notes: 1 } })
    expect(held.notes[0].text).toBe('Her sister: [erased]. Call me about T-3.')
    expect(held.calls[0].metadata).toEqual({ ticket: 'T-3', referred_by: 'the caller at [erased]' })
    expect(held.contacts[0].metadata).toMatchObject({ Name: 'Bob', Note: 'alt [erased]' })

    // Audited with the erasure's id and counts, never the number.
    const entry = (await first.store.audit.page({ action: 'erasure.done' }, 10))[0]
    expect(entry).toMatchObject({ actor_email: 'ana@example.com', target: answer.erasure.id, outcome: 200 })
    expect(JSON.parse(entry?.detail ?? '{}')).toMatchObject({ erased: answer.erasure.erased })
    for (const form of SUBJECT_FORMS) expect(JSON.stringify(entry)).not.toContain(form)
  })

  it('serves no trace of the number from the other instance, and a second erasure finds nothing more', async () => {
    const held = await ok(
      second.request(`/api/console/subject-access?phone_number=${encodeURIComponent(SUBJECT)}`, {
        cookie: cookie.anaOnSecond,
      }),
    )
    expect(held.counts).toEqual({
      calls: 0,
      notes: 0,
      outcomes: 0,
      scores: 0,
      contacts: 0,
      callbacks: 0,
      note_mentions: 0,
      call_metadata_mentions: 0,
      do_not_call: 1,
      calling_hours_exceptions: 0,
    })
    const callbacks = await ok(
      second.request('/api/console/callbacks', { cookie: await second.signIn('sam@example.com') }),
    )
    for (const form of SUBJECT_FORMS) expect(JSON.stringify(callbacks)).not.toContain(form)

    clock.advance(60_000)
    const again = erasureAnswer.parse(
      await ok(erase(second, cookie.anaOnSecond, { phone_number: SUBJECT, reason: 'Asked again' })),
    )
    expect(again.erased_before).toBe(1)
    expect(Object.values(again.erasure.erased).every((n) => n === 0)).toBe(true)

    const page = erasuresPage.parse(await ok(first.request('/api/console/erasures?limit=1', { cookie: cookie.ana })))
    expect(page.erasures.map((e) => e.reason)).toEqual(['Asked again'])
    const next = erasuresPage.parse(
      await ok(first.request(`/api/console/erasures?limit=1&cursor=${page.next_cursor}`, { cookie: cookie.ana })),
    )
    expect(next).toMatchObject({
      erasures: [{ reason: 'GDPR request 17 from [erased]', by: 'ana@example.com' }],
      next_cursor: null,
    })
  })
})
