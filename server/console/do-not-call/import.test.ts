// POST /api/console/do-not-call/import: an admin sends a CSV; its numbers are normalised and listed in batches, and
// the answer reports each line that listed nothing, and why. One import per person at a time, two an instance; audited with counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { doNotCallImportReport } from '../../../src/api/contract/do-not-call-schemas'
import { eventually } from '../../shared/test-support/eventually'
import { IMPORTS_AT_ONCE } from '../http/heavy-turns'
import { createTestConsole, expectProblem, fakeClock, type TestConsole } from '../test-support/console-app'

const clock = fakeClock(Date.parse('2026-12-06T09:30:00Z'))
let t: TestConsole
let admin: string
let adminId: string

beforeAll(async () => {
  t = await createTestConsole({ liveHub: null, now: clock.now })
  adminId = (await t.addUser('admin@example.com', 'admin')).id
  admin = await t.signIn('admin@example.com')
})
afterAll(async () => {
  await t?.store.close()
})

const send = (csv: string, query = '') =>
  t.request(`/api/console/do-not-call/import${query}`, {
    method: 'POST',
    cookie: admin,
    headers: { 'content-type': 'text/csv' },
    body: csv,
  })

describe('a do-not-call import', () => {
  it('lists every number it can read, in batches, and reports the others line by line', async () => {
    await t.store.doNotCall.add({
      phoneNumber: '+14155550100',
      reason: 'earlier',
      source: 'manual',
      addedById: null,
      addedByEmail: 'ana@example.com',
      addedAt: clock.now(),
    })
    // More lines than one batch holds, so the batches are seen to add up.
    const many = Array.from({ length: 1200 }, (_, i) => `+4420718${String(i).padStart(5, '0')},`)
    const csv = [
      'name,Phone,reason',
      'Kim,(415) 555-0101,asked by email',
      'Lee,+1 415 555 0101,',
      'Ana,415 555 0100,',
      'Bo,12,',
      'Cy,,',
      ...many.map((line) => `x,${line}`),
    ].join('\n')
    const res = await send(csv, '?reason=complaint%20list&region=US')
    expect(res.status).toBe(200)
    const report = doNotCallImportReport.parse(await res.json())
    expect(report).toMatchObject({ lines: 1205, added: 1201, already_listed: 2, invalid: 2, not_read: 0 })
    expect(report.problems.map((p) => p.line)).toEqual([5, 6])
    expect(report.problems[0]?.message).toContain('not a valid number')
    expect(report.problems[1]?.message).toBe('No number on this line.')

    expect(await t.store.doNotCall.find('+14155550101')).toMatchObject({
      reason: 'asked by email',
      source: 'import',
      addedById: adminId,
    })
    expect((await t.store.doNotCall.find('+442071801199'))?.reason).toBe('complaint list')
    // Listed before: the first reason stands.
    expect((await t.store.doNotCall.find('+14155550100'))?.reason).toBe('earlier')

    const [entry] = await t.store.audit.page({ action: 'do-not-call.imported' }, 10)
    expect(JSON.parse(entry?.detail ?? '{}')).toEqual({
      reason: 'complaint list',
      lines: 1205,
      added: 1201,
      alreadyListed: 2,
      invalid: 2,
      notRead: 0,
    })
  })

  it('refuses a file it cannot read, in words', async () => {
    const noReason = await expectProblem(await send('phone\n+14155550102\n'), 400)
    expect(noReason.detail).toContain('reason')
    expect((await expectProblem(await send('', '?reason=x'), 400)).detail).toContain('empty')
    const broken = await expectProblem(await send('phone\n"+14155550103\n', '?reason=x'), 400)
    expect(broken.detail).toContain('not CSV')
    const notCsv = await t.request('/api/console/do-not-call/import?reason=x', { cookie: admin, json: { a: 1 } })
    await expectProblem(notCsv, 415)
  })

  it('reads one import per person at a time', async () => {
    // The person's slot held, as by an import still being read on another instance.
    expect(await t.store.personClaims.claim(`do-not-call-import:${adminId}:0`, 'other', clock.now(), 60_000)).toBe(true)
    const refused = await send('phone\n+14155550104\n', '?reason=x')
    expect((await expectProblem(refused, 429)).detail).toContain('one do-not-call file of yours at a time')
    expect(refused.headers.get('retry-after')).toBe('5')
    await t.store.personClaims.release('other')
    expect((await send('phone\n+14155550104\n', '?reason=x')).status).toBe(200)
  })

  it('reads two files an instance at once, whoever sends them; the next is told 429 in words', async () => {
    const admins = await Promise.all(
      ['ada', 'ben', 'cy'].map(async (name) => {
        await t.addUser(`${name}@example.com`, 'admin')
        return t.signIn(`${name}@example.com`)
      }),
    )
    // Files still on their way: each holds its turn until its last byte arrives.
    const uploads = admins.slice(0, IMPORTS_AT_ONCE).map((cookie, index) => {
      let finish = () => {}
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('phone\n'))
          finish = () => {
            controller.enqueue(new TextEncoder().encode(`+1415555020${index}\n`))
            controller.close()
          }
        },
      })
      const answer = t.request('/api/console/do-not-call/import?reason=held', {
        method: 'POST',
        cookie,
        headers: { 'content-type': 'text/csv' },
        body,
        duplex: 'half',
      } as RequestInit)
      return { answer, finish: () => finish() }
    })
    const turnsTaken = async () =>
      (await t.store.db.selectFrom('person_claims').select('key').execute()).filter((row) =>
        row.key.startsWith('do-not-call-import:'),
      ).length
    await eventually(async () => expect(await turnsTaken()).toBe(IMPORTS_AT_ONCE))
    const third = await t.request('/api/console/do-not-call/import?reason=x', {
      method: 'POST',
      cookie: admins[IMPORTS_AT_ONCE],
      headers: { 'content-type': 'text/csv' },
      body: 'phone\n+14155550299\n',
    })
    expect((await expectProblem(third, 429)).detail).toContain('2 do-not-call files at once')
    expect(third.headers.get('retry-after')).toBe('5')
    for (const upload of uploads) upload.finish()
    for (const upload of uploads) expect((await upload.answer).status).toBe(200)
    expect(await turnsTaken()).toBe(0)
  })
})
