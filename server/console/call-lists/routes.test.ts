// /api/console/call-lists with a real store: a manager previews and imports a CSV (problems by line, nothing saved
// by a preview), assigns it; agents work it one claimed contact at a time; a pause keeps everyone's place.
import { describe, expect, it } from 'vitest'
import type { CallList, ClaimAnswer, ImportPreview, WorkContact } from '../../../src/api/contract/call-list-schemas'
import { eventually } from '../../shared/test-support/eventually'
import { IMPORTS_AT_ONCE } from '../http/heavy-turns'
import { createTestConsole, expectProblem, type TestConsole } from '../test-support/console-app'

const LISTS = '/api/console/call-lists'
const settings = {
  name: 'November renewals',
  callerId: null,
  record: true,
  comeBackMinutes: 120,
  maxTries: 3,
  everyone: true,
  assignees: [],
}

const CSV = [
  'Name,Phone,Ticket',
  'Ada,(415) 555-0100,T-1',
  'Ben,+44 20 7946 0958,T-2',
  'Cy,not a number,T-3',
  'Dee,415.555.0100,T-4',
  '"Eve, Jr.","+1 415 555 0101","T-5\nsecond line"',
  'Fay,,T-6',
  'Gus,0049 30 901820,T-7',
].join('\n')

async function team() {
  const app = await createTestConsole()
  const ids: Record<string, string> = {}
  for (const [email, role] of [
    ['mia@example.com', 'manager'],
    ['ana@example.com', 'support'],
    ['ben@example.com', 'support'],
    ['adam@example.com', 'admin'],
  ] as const)
    ids[email] = (await app.addUser(email, role)).id
  return {
    app,
    ids,
    mia: await app.signIn('mia@example.com'),
    ana: await app.signIn('ana@example.com'),
    ben: await app.signIn('ben@example.com'),
  }
}

async function importList(app: TestConsole, cookie: string, csv = CSV, overrides = {}) {
  const res = await app.request(LISTS, {
    cookie,
    json: { settings: { ...settings, ...overrides }, source: { csv, region: 'US' } },
  })
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json()) as { list: CallList; skipped: number }
}

const claim = async (app: TestConsole, cookie: string, listId: string) => {
  const res = await app.request(`${LISTS}/${listId}/claim`, { cookie, method: 'POST' })
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as ClaimAnswer
}

describe('importing a call list', () => {
  it('previews every problem by line, normalises the numbers, and saves nothing until asked', async () => {
    const { app, mia } = await team()
    const res = await app.request(`${LISTS}/preview`, { cookie: mia, json: { csv: CSV, region: 'US' } })
    expect(res.status).toBe(200)
    const preview = (await res.json()) as ImportPreview
    expect(preview).toMatchObject({ columns: ['Name', 'Phone', 'Ticket'], numberColumn: 'Phone', rows: 7, valid: 4 })
    expect(preview.problems).toEqual([
      { line: 4, kind: 'invalid', number: 'not a number', message: 'Not a phone number.' },
      { line: 5, kind: 'duplicate', number: '415.555.0100', message: 'The same number as line 2.' },
      { line: 8, kind: 'invalid', number: '', message: 'No number on this line.' },
    ])
    expect(preview.sample.map((c) => [c.line, c.number])).toEqual([
      [2, '+14155550100'],
      [3, '+442079460958'],
      [6, '+14155550101'],
      [9, '+4930901820'],
    ])
    expect(preview.sample[0]?.metadata).toEqual({ Name: 'Ada', Ticket: 'T-1' })
    expect(((await (await app.request(LISTS, { cookie: mia })).json()) as { lists: unknown[] }).lists).toEqual([])

    const { list, skipped } = await importList(app, mia)
    expect(skipped).toBe(3)
    expect(list.progress).toEqual({ total: 4, done: 0, left: 4, later: 0, byOutcome: [] })
  })

  it('refuses in words a file it cannot read or a number column it does not have', async () => {
    const { app, mia } = await team()
    const unquoted = await app.request(`${LISTS}/preview`, {
      cookie: mia,
      json: { csv: 'phone,name\n"+14155550100,Ada\n', region: 'US' },
    })
    expect((await expectProblem(unquoted, 400)).detail).toMatch(/^The file is not CSV the console can read/)
    const column = await app.request(`${LISTS}/preview`, {
      cookie: mia,
      json: { csv: 'phone,name\n+14155550100,Ada\n', region: 'US', numberColumn: 'mobile' },
    })
    expect((await expectProblem(column, 400)).detail).toBe('The file has no column "mobile". Its columns: phone, name.')
    const none = await app.request(LISTS, {
      cookie: mia,
      json: { settings, source: { csv: 'phone\nnope\n', region: 'US' } },
    })
    expect((await expectProblem(none, 400)).title).toBe('No contact to import')
    const region = await app.request(`${LISTS}/preview`, { cookie: mia, json: { csv: CSV, region: 'usa' } })
    await expectProblem(region, 400)
  })

  it('imports 100,000 rows in one request', async () => {
    const { app, mia, ana } = await team()
    const rows = ['phone,account']
    for (let i = 0; i < 100_000; i++) rows.push(`+1415${String(2_000_000 + i)},A-${i}`)
    const started = performance.now()
    const { list } = await importList(app, mia, rows.join('\n'))
    const seconds = (performance.now() - started) / 1000
    // The figure for bench/README.md; the bound only catches a row-at-a-time insert (minutes), not a slow machine.
    console.info(`100,000 rows imported in ${seconds.toFixed(1)} s`)
    expect(seconds).toBeLessThan(120)
    expect(list.progress.total).toBe(100_000)
    expect((await claim(app, ana, list.id)).contact).toMatchObject({ line: 2, number: '+14152000000' })
  }, 180_000)
})

describe('imports sent at once', () => {
  /** An import whose body is still on its way until `finish` is called: it holds its turn meanwhile. */
  function uploading(app: TestConsole, cookie: string) {
    const body = JSON.stringify({ settings, source: { csv: CSV, region: 'US' } })
    let finish = () => {}
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body.slice(0, 20)))
        finish = () => {
          controller.enqueue(new TextEncoder().encode(body.slice(20)))
          controller.close()
        }
      },
    })
    const answer = app.request(LISTS, {
      cookie,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    return { answer, finish: () => finish() }
  }
  const turnsTaken = async (app: TestConsole) =>
    (await app.store.db.selectFrom('person_claims').select('key').execute()).filter((row) =>
      row.key.startsWith('call-list-import:'),
    ).length

  it('reads one of a person’s at a time and two an instance, the rest told 429 with Retry-After in words', async () => {
    const { app, mia } = await team()
    await app.addUser('max@example.com', 'manager')
    const adam = await app.signIn('adam@example.com')
    const max = await app.signIn('max@example.com')
    const first = uploading(app, mia)
    await eventually(async () => expect(await turnsTaken(app)).toBe(1))
    const again = await expectProblem(
      await app.request(`${LISTS}/preview`, { cookie: mia, json: { csv: CSV, region: 'US' } }),
      429,
    )
    expect(again.detail).toMatch(/one call list file of yours at a time/)

    const second = uploading(app, adam)
    await eventually(async () => expect(await turnsTaken(app)).toBe(IMPORTS_AT_ONCE))
    const third = await app.request(LISTS, { cookie: max, json: { settings, source: { csv: CSV, region: 'US' } } })
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await expectProblem(third, 429)).title).toBe('Other imports are being read')

    first.finish()
    second.finish()
    expect((await first.answer).status).toBe(201)
    expect((await second.answer).status).toBe(201)
    expect(await turnsTaken(app)).toBe(0)
    expect((await app.request(`${LISTS}/preview`, { cookie: max, json: { csv: CSV, region: 'US' } })).status).toBe(200)
  })
})

describe('who sees and works a list', () => {
  it('lets managers and admins import, and only the people who place calls work a list', async () => {
    const { app, mia, ana } = await team()
    const asAgent = await app.request(`${LISTS}/preview`, { cookie: ana, json: { csv: CSV, region: 'US' } })
    expect((await expectProblem(asAgent, 403)).title).toBe('Not available for your role')
    const { list } = await importList(app, mia)
    await expectProblem(await app.request(`${LISTS}/${list.id}/claim`, { cookie: mia, method: 'POST' }), 403)
    const paused = await app.request(`${LISTS}/${list.id}/paused`, {
      cookie: ana,
      method: 'PUT',
      json: { paused: true },
    })
    await expectProblem(paused, 403)
    const adam = await app.signIn('adam@example.com')
    expect((await claim(app, adam, list.id)).contact).not.toBeNull()
  })

  it('shows an assigned list to its people only', async () => {
    const { app, ids, mia, ana, ben } = await team()
    const { list } = await importList(app, mia, CSV, { everyone: false, assignees: [ids['ana@example.com']] })
    const names = async (cookie: string) =>
      ((await (await app.request(LISTS, { cookie })).json()) as { lists: CallList[] }).lists.map((l) => l.name)
    expect(await names(ana)).toEqual(['November renewals'])
    expect(await names(ben)).toEqual([])
    await expectProblem(await app.request(`${LISTS}/${list.id}/claim`, { cookie: ben, method: 'POST' }), 404)
    const everyone = await app.request(`${LISTS}/${list.id}/assignment`, {
      cookie: mia,
      method: 'PUT',
      json: { everyone: true, assignees: [] },
    })
    expect(everyone.status).toBe(200)
    expect(await names(ben)).toEqual(['November renewals'])
    const people = (await (await app.request(`${LISTS}/people`, { cookie: mia })).json()) as {
      people: { email: string }[]
    }
    expect(people.people.map((p) => p.email)).toEqual(['adam@example.com', 'ana@example.com', 'ben@example.com'])
  })
})

describe('changing who works a list after its import', () => {
  const assign = (app: TestConsole, cookie: string, listId: string, json: object) =>
    app.request(`${LISTS}/${listId}/assignment`, { cookie, method: 'PUT', json })

  it('moves a list from everyone to people and back, for managers and admins, each change audited', async () => {
    const { app, ids, mia, ana, ben } = await team()
    const { list } = await importList(app, mia)
    const onlyBen = await assign(app, mia, list.id, { everyone: false, assignees: [ids['ben@example.com']] })
    expect(onlyBen.status).toBe(200)
    expect(await onlyBen.json()).toMatchObject({ everyone: false, assignees: [{ email: 'ben@example.com' }] })
    // Ana no longer sees it, nor gets a contact of it; Ben does.
    await expectProblem(await app.request(`${LISTS}/${list.id}/claim`, { cookie: ana, method: 'POST' }), 404)
    expect((await claim(app, ben, list.id)).contact).not.toBeNull()

    const adam = await app.signIn('adam@example.com')
    const everyone = await assign(app, adam, list.id, { everyone: true, assignees: [ids['ben@example.com']] })
    expect(await everyone.json()).toMatchObject({ everyone: true, assignees: [] })
    expect((await claim(app, ana, list.id)).contact).not.toBeNull()

    const audit = await app.store.db
      .selectFrom('audit_log')
      .select(['action', 'actor_email', 'target', 'detail'])
      .where('action', '=', 'call-list.assigned')
      .orderBy('seq')
      .execute()
    expect(audit.map((a) => [a.actor_email, a.target])).toEqual([
      ['mia@example.com', list.id],
      ['adam@example.com', list.id],
    ])
    expect(audit.map((a) => JSON.parse(String(a.detail)))).toEqual([
      { name: 'November renewals', everyone: false, people: 1 },
      { name: 'November renewals', everyone: true, people: 1 },
    ])
  })

  it('refuses agents, nobody, and people who cannot work it, in words, changing nothing', async () => {
    const { app, ids, mia, ana } = await team()
    const { list } = await importList(app, mia)
    const asAgent = await assign(app, ana, list.id, { everyone: false, assignees: [ids['ana@example.com']] })
    expect((await expectProblem(asAgent, 403)).title).toBe('Not available for your role')
    const nobody = await assign(app, mia, list.id, { everyone: false, assignees: [] })
    expect((await expectProblem(nobody, 400)).detail).toBe('Choose the people who work the list, or everyone.')
    const manager = await assign(app, mia, list.id, { everyone: false, assignees: [ids['mia@example.com']] })
    expect((await expectProblem(manager, 400)).detail).toBe(
      'mia@example.com does not place calls: they cannot work the list.',
    )
    const stranger = await assign(app, mia, list.id, { everyone: false, assignees: ['usr_nobody'] })
    expect((await expectProblem(stranger, 400)).detail).toBe('One of the people chosen is not a user of this console.')
    const missing = await assign(app, mia, 'list_missing', { everyone: true, assignees: [] })
    expect((await expectProblem(missing, 404)).title).toBe('No such call list')
    const unreadable = await assign(app, mia, list.id, { everyone: 'yes' })
    await expectProblem(unreadable, 400)
    const importNobody = await app.request(LISTS, {
      cookie: mia,
      json: { settings: { ...settings, everyone: false, assignees: [] }, source: { csv: CSV, region: 'US' } },
    })
    expect((await expectProblem(importNobody, 400)).title).toBe('Choose who works the list')

    expect(((await (await app.request(`${LISTS}/${list.id}`, { cookie: mia })).json()) as CallList).everyone).toBe(true)
    const actions = await app.store.db.selectFrom('audit_log').select('action').execute()
    expect(actions.map((a) => a.action).filter((a) => a === 'call-list.assigned')).toEqual([])
  })
})

describe('working a list', () => {
  it('hands two agents different contacts, records the call once, and skips to the end', async () => {
    const { app, mia, ana, ben } = await team()
    const { list } = await importList(app, mia)
    const anas = (await claim(app, ana, list.id)).contact as WorkContact
    const bens = (await claim(app, ben, list.id)).contact as WorkContact
    expect(anas.number).toBe('+14155550100')
    expect(bens.number).toBe('+442079460958')
    // Ana's other tab resumes her contact, with the same key for the same try.
    expect((await claim(app, ana, list.id)).contact).toMatchObject({ id: anas.id, attemptKey: anas.attemptKey })

    const attempt = `${LISTS}/${list.id}/contacts/${anas.id}/attempts`
    for (let i = 0; i < 2; i++) {
      const res = await app.request(attempt, { cookie: ana, json: { callId: 'call_ada_1' } })
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({
        tries: 1,
        placedCallId: 'call_ada_1',
        attempts: [{ by: 'ana@example.com' }],
      })
    }
    const notHers = await app.request(`${LISTS}/${list.id}/contacts/${bens.id}/attempts`, {
      cookie: ana,
      json: { callId: 'call_x' },
    })
    expect((await expectProblem(notHers, 409)).title).toBe('Not your contact any more')

    // Ben skips his: it goes to the end, after the two nobody has tried.
    const skip = await app.request(`${LISTS}/${list.id}/contacts/${bens.id}/release`, {
      cookie: ben,
      json: { skip: true },
    })
    expect(skip.status).toBe(204)
    const order = []
    for (let i = 0; i < 3; i++) {
      const next = (await claim(app, ben, list.id)).contact as WorkContact
      order.push(next.number)
      await app.request(`${LISTS}/${list.id}/contacts/${next.id}/release`, { cookie: ben, json: { skip: true } })
    }
    expect(order).toEqual(['+14155550101', '+4930901820', '+442079460958'])
  })

  it('keeps everyone’s place through a pause', async () => {
    const { app, mia, ana } = await team()
    const { list } = await importList(app, mia)
    const before = (await claim(app, ana, list.id)).contact
    const pause = await app.request(`${LISTS}/${list.id}/paused`, {
      cookie: mia,
      method: 'PUT',
      json: { paused: true },
    })
    expect(((await pause.json()) as CallList).paused).toBe(true)
    expect(await claim(app, ana, list.id)).toMatchObject({ contact: null, reason: 'paused' })
    await app.request(`${LISTS}/${list.id}/paused`, { cookie: mia, method: 'PUT', json: { paused: false } })
    expect((await claim(app, ana, list.id)).contact?.id).toBe(before?.id)
    const audit = await app.store.db.selectFrom('audit_log').select('action').orderBy('seq').execute()
    expect(audit.map((a) => a.action).filter((a) => a.startsWith('call-list'))).toEqual([
      'call-list.imported',
      'call-list.paused',
      'call-list.resumed',
    ])
  })

  it('says the list is finished when every contact is done', async () => {
    const { app, mia, ana } = await team()
    const { list } = await importList(app, mia, 'phone\n+14155550100\n')
    const { contact } = await claim(app, ana, list.id)
    await app.request(`${LISTS}/${list.id}/contacts/${contact?.id}/attempts`, { cookie: ana, json: { callId: 'c1' } })
    await app.request(`${LISTS}/${list.id}/contacts/${contact?.id}/release`, { cookie: ana, json: { skip: false } })
    // Called, no outcome yet: it comes back in 120 minutes, as a No answer would.
    const later = await claim(app, ana, list.id)
    expect(later).toMatchObject({ contact: null, reason: 'later' })
    expect(later.list.progress).toMatchObject({ left: 1, later: 1 })
    await app.store.db.updateTable('call_list_contacts').set({ state: 'done' }).execute()
    expect(await claim(app, ana, list.id)).toMatchObject({ contact: null, reason: 'finished', nextAt: null })
  })
})
