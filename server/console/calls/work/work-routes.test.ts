// Outcomes and notes through /api/console/calls/{id}/…, with a real store (both, under the two server projects):
// who records them, the note's 24 hours on a clock the test moves, the role refusals, the audit and the listeners.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { type CallWork, DEFAULT_OUTCOME_KINDS } from '../../../../src/api/contract/call-work-schemas'
import { createTestConsole, expectProblem, fakeClock } from '../../test-support/console-app'
import type { WorkSavedEvent } from './work-saved'

const HOUR = 60 * 60_000

/** `paced`: the console's own pace of a person a minute, on the test's clock (which then also times sessions). */
async function team(paced?: number) {
  const clock = fakeClock()
  const saved: WorkSavedEvent[] = []
  const app = await createTestConsole({
    ...(paced === undefined ? {} : { queryRateLimitPerMinute: paced, now: clock.now }),
    workClock: async () => clock.now(),
    onWorkSaved: [(event) => void saved.push(event)],
  })
  const ana = await app.addUser('ana@example.com', 'support')
  await app.addUser('bob@example.com', 'support')
  await app.addUser('meg@example.com', 'manager')
  // Seeded as the console records a placement: Ana placed this call.
  await app.store.callOwners.record('call_ana_1', ana.id, clock.now())
  const cookies = {
    ana: await app.signIn('ana@example.com'),
    bob: await app.signIn('bob@example.com'),
    meg: await app.signIn('meg@example.com'),
  }
  const put = (who: keyof typeof cookies, what: 'outcome' | 'note', json: object, call = 'call_ana_1') =>
    app.request(`/api/console/calls/${call}/${what}`, { cookie: cookies[who], method: 'PUT', json })
  const read = async (who: keyof typeof cookies, call = 'call_ana_1') => {
    const res = await app.request(`/api/console/calls/${call}/work`, { cookie: cookies[who] })
    expect(res.status).toBe(200)
    return (await res.json()) as CallWork
  }
  return { app, clock, saved, ana, cookies, put, read }
}

describe('a call’s outcome and note', () => {
  it('are recorded by the person who placed the call, read by everyone, and told to the listeners', async () => {
    const { app, clock, saved, ana, put, read } = await team()
    expect(await read('bob')).toEqual({ outcome: null, note: null, may_edit: { outcome: false, note: false } })
    expect((await read('ana')).may_edit).toEqual({ outcome: true, note: true })

    expect((await put('ana', 'outcome', { outcome: 'left-voicemail' })).status).toBe(200)
    const noted = await put('ana', 'note', { note: 'Left a message about the\nrenewal.' })
    expect(noted.status).toBe(200)
    const at = new Date(clock.now()).toISOString()
    expect(await read('bob')).toEqual({
      outcome: { id: 'left-voicemail', label: 'Left voicemail', recorded_by: 'ana@example.com', recorded_at: at },
      note: {
        text: 'Left a message about the\nrenewal.',
        author: 'ana@example.com',
        updated_at: at,
        version: 1,
        editable_until: new Date(clock.now() + 24 * HOUR).toISOString(),
      },
      may_edit: { outcome: false, note: false },
    })
    expect(saved).toEqual([
      { callId: 'call_ana_1', kind: 'outcome', outcomeId: 'left-voicemail', by: ana.id, at: clock.now() },
      { callId: 'call_ana_1', kind: 'note', outcomeId: 'left-voicemail', by: ana.id, at: clock.now() },
    ])
    expect(await app.store.callWork.latestPlacedBy(ana.id)).toEqual({ callId: 'call_ana_1', outcome: 'left-voicemail' })
  })

  it('refuses another agent, and lets a manager change anyone’s', async () => {
    const { put, read } = await team()
    const refused = await expectProblem(await put('bob', 'outcome', { outcome: 'reached' }), 403)
    expect(refused.detail).toMatch(/Only the person who placed this call/)
    await expectProblem(await put('bob', 'note', { note: 'not mine' }), 403)
    expect((await read('meg')).may_edit).toEqual({ outcome: true, note: true })
    expect((await put('meg', 'outcome', { outcome: 'wrong-number' })).status).toBe(200)
    expect((await read('ana')).outcome).toMatchObject({ id: 'wrong-number', recorded_by: 'meg@example.com' })
  })

  it('lets the note’s author change it for 24 hours, then only a manager', async () => {
    const { clock, put, read } = await team()
    expect((await put('ana', 'note', { note: 'First' })).status).toBe(200)
    clock.advance(23 * HOUR)
    expect((await put('ana', 'note', { note: 'Second' })).status).toBe(200)
    clock.advance(HOUR + 1)
    expect((await read('ana')).may_edit.note).toBe(false)
    const late = await expectProblem(await put('ana', 'note', { note: 'Third' }), 403)
    expect(late.detail).toMatch(/24 hours/)
    expect((await put('meg', 'note', { note: 'Corrected by Meg' })).status).toBe(200)
    // The author stays Ana's: Meg changed her note.
    expect((await read('ana')).note).toMatchObject({ text: 'Corrected by Meg', author: 'ana@example.com' })
  })

  it('audits each save, naming a note’s version by its hash and never its text', async () => {
    const { app, put } = await team()
    await put('ana', 'outcome', { outcome: 'busy' })
    await put('ana', 'outcome', { outcome: 'reached' })
    await put('ana', 'note', { note: 'Wants the invoice by post' })
    await put('ana', 'note', { note: 'Wants the invoice by email' })
    const rows = await app.store.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'actor_email', 'detail'])
      .where('action', 'in', ['call.outcome-recorded', 'call.note-saved'])
      .orderBy('seq')
      .execute()
      // As people read them: a note's hash is kept beside the hashed entry, erasable with the call's number (issue 52).
      .then(app.store.auditPersonal.reveal)
    const sha = (text: string) => createHash('sha256').update(text).digest('hex')
    expect(rows.map((row) => ({ ...row, detail: JSON.parse(row.detail ?? 'null') }))).toEqual([
      {
        action: 'call.outcome-recorded',
        target: 'call_ana_1',
        actor_email: 'ana@example.com',
        detail: { outcome: 'busy', previous: null },
      },
      {
        action: 'call.outcome-recorded',
        target: 'call_ana_1',
        actor_email: 'ana@example.com',
        detail: { outcome: 'reached', previous: 'busy' },
      },
      {
        action: 'call.note-saved',
        target: 'call_ana_1',
        actor_email: 'ana@example.com',
        detail: { version: 1, length: 25, sha256: sha('Wants the invoice by post') },
      },
      {
        action: 'call.note-saved',
        target: 'call_ana_1',
        actor_email: 'ana@example.com',
        detail: { version: 2, length: 26, sha256: sha('Wants the invoice by email') },
      },
    ])
    expect(JSON.stringify(rows)).not.toContain('invoice')
    const versions = await app.store.callWork.noteVersions('call_ana_1')
    expect(versions.map((version) => [version.version, version.text])).toEqual([
      [1, 'Wants the invoice by post'],
      [2, 'Wants the invoice by email'],
    ])
  })

  it('refuses what does not fit with problem+json naming the field', async () => {
    const { app, put } = await team()
    const unknown = (await expectProblem(await put('ana', 'outcome', { outcome: 'sold' }), 400)) as unknown as {
      errors: { field: string }[]
    }
    expect(unknown.errors.map((error) => error.field)).toEqual(['outcome'])
    const long = (await expectProblem(await put('ana', 'note', { note: 'x'.repeat(4_001) }), 400)) as unknown as {
      errors: { field: string; message: string }[]
    }
    expect(long.errors).toEqual([{ field: 'note', message: 'Keep the note within 4,000 characters.' }])
    expect((await put('ana', 'note', { note: 'x'.repeat(4_000) })).status).toBe(200)
    await expectProblem(await put('ana', 'note', { note: 'bell \u0007' }), 400)
    await expectProblem(await put('meg', 'outcome', { outcome: 'reached' }, 'call_nobody_knows'), 404)
    await expectProblem(await put('meg', 'outcome', { outcome: 'reached' }, 'bad%20id'), 404)
    // An archived outcome stays on the calls that have it, but is no longer offered.
    await app.store.callWork.changeKind('busy', { archived: true })
    const archived = await expectProblem(await put('ana', 'outcome', { outcome: 'busy' }), 400)
    expect(archived.detail).toMatch(/no longer offered/)
  })
})

describe('two tabs saving at once', () => {
  it('keep the last outcome, and the trail names the one each save replaced, as a chain', async () => {
    const { app, put, read } = await team()
    const kinds = DEFAULT_OUTCOME_KINDS.map((kind) => kind.id)
    const answers = await Promise.all(kinds.map((outcome) => put('ana', 'outcome', { outcome })))
    expect(answers.map((res) => res.status)).toEqual(kinds.map(() => 200))
    const entries = await app.store.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'call.outcome-recorded')
      .orderBy('seq')
      .execute()
    const saves = entries.map((entry) => JSON.parse(String(entry.detail)) as { outcome: string; previous: string })
    // Each save replaced exactly one other: the chain from nothing runs through every save once, to the kept one.
    const after = new Map(saves.map((save) => [save.previous, save]))
    expect(after.size).toBe(kinds.length)
    let at: string | null = null
    for (let n = 0; n < kinds.length; n++) at = after.get(at as string)?.outcome ?? 'broken'
    expect((await read('bob')).outcome?.id).toBe(at)
  })
})

describe('two people writing one note', () => {
  it('refuse the later save over a version its writer never saw (409), save nothing, and take it over the newest', async () => {
    const { app, put, read } = await team()
    // Both read the call with no note; Ana saves first, then Meg (a manager) over the nothing she read.
    expect((await put('ana', 'note', { note: 'Ana: sent it', base_version: null })).status).toBe(200)
    const refused = await expectProblem(
      await put('meg', 'note', { note: 'Meg: call back at 5', base_version: null }),
      409,
    )
    expect(refused.title).toBe('The note changed meanwhile')
    expect(refused.detail).toMatch(/^Someone saved the note meanwhile \(its version 1\)\. Nothing was saved/)
    expect((await read('meg')).note).toMatchObject({ text: 'Ana: sent it', version: 1 })
    expect(await app.store.callWork.noteVersions('call_ana_1')).toHaveLength(1)
    // Once Meg has read Ana's note, her save over version 1 stands; a save without base_version replaces as before.
    expect((await put('meg', 'note', { note: 'Meg: call back at 5', base_version: 1 })).status).toBe(200)
    await expectProblem(await put('ana', 'note', { note: 'Ana again', base_version: 1 }), 409)
    expect((await put('ana', 'note', { note: 'Ana, whatever is there' })).status).toBe(200)
    expect((await read('bob')).note).toMatchObject({ text: 'Ana, whatever is there', version: 3 })
    await expectProblem(await put('ana', 'note', { note: 'x', base_version: 0 }), 400)
  })

  it('at once over the same version: exactly one is saved, on both stores', async () => {
    const { put, read } = await team()
    const answers = await Promise.all(
      ['one', 'two', 'three', 'four'].map((note) => put('ana', 'note', { note, base_version: null })),
    )
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409, 409])
    expect((await read('ana')).note?.version).toBe(1)
  })
})

describe('a person saving without end', () => {
  it('is paced per person (429 with Retry-After, in words), so thousands of versions never pile up and others save on', async () => {
    // 60 a minute: bursts of 10, then a token a second, and the test's clock stands still.
    const { app, put, read } = await team(60)
    const answers = []
    for (let i = 0; i < 40; i++) answers.push(await put('ana', 'note', { note: `version ${i}` }))
    const refused = answers.filter((res) => res.status === 429)
    expect(refused.length).toBe(30)
    expect(Number(refused[0]?.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await expectProblem(refused[0] as Response, 429)).detail).toMatch(/\w+ \w+/)
    expect((await app.store.callWork.noteVersions('call_ana_1')).length).toBe(10)
    expect((await put('ana', 'outcome', { outcome: 'reached' })).status).toBe(429)
    // Another person's pace is their own.
    expect((await read('meg')).note?.text).toMatch(/^version/)
    expect((await put('meg', 'outcome', { outcome: 'reached' })).status).toBe(200)
  })
})

describe('the outcome kinds', () => {
  it('start with the seven defaults, and admins add, rename, reorder and archive them', async () => {
    const app = await createTestConsole()
    await app.addUser('ada@example.com', 'admin')
    await app.addUser('meg@example.com', 'manager')
    await app.addUser('sam@example.com', 'support')
    const [ada, meg, sam] = await Promise.all(['ada', 'meg', 'sam'].map((name) => app.signIn(`${name}@example.com`)))
    const kinds = await (await app.request('/api/console/outcome-kinds', { cookie: sam })).json()
    // The migration writes the defaults out; the contract names them: the two agree.
    expect(kinds.outcome_kinds).toEqual(DEFAULT_OUTCOME_KINDS.map((kind) => ({ ...kind, archived: false })))
    expect(kinds.outcome_kinds[0]).toEqual({
      id: 'reached',
      label: 'Reached',
      comes_back: false,
      asks_callback: false,
      archived: false,
    })
    expect(kinds.outcome_kinds.filter((kind: { comes_back: boolean }) => kind.comes_back).length).toBe(2)

    const sale = { id: 'sale', label: 'Sale' }
    for (const cookie of [meg, sam])
      await expectProblem(await app.request('/api/console/outcome-kinds', { cookie, json: sale }), 403)
    expect((await app.request('/api/console/outcome-kinds', { cookie: ada, json: sale })).status).toBe(201)
    await expectProblem(await app.request('/api/console/outcome-kinds', { cookie: ada, json: sale }), 409)
    const patch = (id: string, json: object) =>
      app.request(`/api/console/outcome-kinds/${id}`, { cookie: ada, method: 'PATCH', json })
    const moved = await (await patch('sale', { label: 'Sold', position: 0 })).json()
    expect(moved.outcome_kinds.slice(0, 2).map((kind: { label: string }) => kind.label)).toEqual(['Sold', 'Reached'])
    const archived = await (await patch('busy', { archived: true })).json()
    expect(archived.outcome_kinds.find((kind: { id: string }) => kind.id === 'busy').archived).toBe(true)
    await expectProblem(await patch('nothing', { archived: true }), 404)
    await expectProblem(await patch('sale', { position: -1 }), 400)

    const audited = await app.store.db
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('action', 'in', ['outcome-kind.created', 'outcome-kind.changed'])
      .orderBy('seq')
      .execute()
    expect(audited).toEqual([
      { action: 'outcome-kind.created', target: 'sale' },
      { action: 'outcome-kind.changed', target: 'sale' },
      { action: 'outcome-kind.changed', target: 'busy' },
    ])
  })
})
