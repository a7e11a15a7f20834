// The audit trail's export takes the turns every export of an instance takes (http/export-turns.ts), as the calls'
// export does, on both stores: two people exporting at once each get the whole trail they asked for, and a person's
// exports past CONSOLE_EXPORTS_PER_PERSON, of the calls or of the trail, wait for one of theirs to end, not a 429.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestConsole, type TestConsole } from '../test-support/console-app'
import { readCsvObjects } from '../test-support/csv-reader'
import { createAuditLog } from './audit-log'

// Three of the export's pages (500 entries each).
const ENTRIES = 1_100
const SEEDED = '/api/console/audit/export.csv?action=user.set-up'
// The calls of a year no call is in: an export that stays open, unread, at no cost.
const EMPTY_CALLS_EXPORT = '/api/console/calls/export.csv?from_date=2030-01-01T00:00:00Z'

let t: TestConsole
const cookies = { a: '', b: '' }

beforeAll(async () => {
  t = await createTestConsole({ apiKey: null, exportsPerPerson: 2 })
  await t.addUser('a@example.com', 'admin')
  await t.addUser('b@example.com', 'admin')
  cookies.a = await t.signIn('a@example.com')
  cookies.b = await t.signIn('b@example.com')
  const trail = createAuditLog(t.store)
  for (let i = 0; i < ENTRIES; i++)
    await trail.record({ actor: null, action: 'user.set-up', target: `person${i}@example.com`, outcome: 200 })
}, 120_000)
afterAll(async () => {
  await t.store.close()
})

/** The seeded entries' targets in the file, checked in order, each once. */
function targetsOf(text: string): string[] {
  const { rows } = readCsvObjects(text.replace(/^\uFEFF/, ''))
  const numbers = rows.map((row) => Number(row['Entry number']))
  expect(numbers).toEqual([...numbers].sort((x, y) => y - x))
  expect(new Set(numbers).size).toBe(numbers.length)
  return rows.map((row) => row.Target ?? '')
}

const everyTarget = () => Array.from({ length: ENTRIES }, (_, i) => `person${ENTRIES - 1 - i}@example.com`)

describe('the audit export’s turns', () => {
  it('gives two people exporting at once each the whole trail they asked for', async () => {
    const [a, b] = await Promise.all([
      t.request(SEEDED, { cookie: cookies.a }),
      t.request(SEEDED, { cookie: cookies.b }),
    ])
    expect([a.status, b.status]).toEqual([200, 200])
    const [aText, bText] = await Promise.all([a.text(), b.text()])
    expect(targetsOf(aText)).toEqual(everyTarget())
    expect(targetsOf(bText)).toEqual(everyTarget())
  })

  it('holds a person’s third export, of the calls or the trail, until one of theirs ends: no 429', async () => {
    const calls = await t.request(EMPTY_CALLS_EXPORT, { cookie: cookies.a })
    const trail = await t.request(SEEDED, { cookie: cookies.a })
    expect([calls.status, trail.status]).toEqual([200, 200])
    let settled = false
    const third = Promise.resolve(t.request(SEEDED, { cookie: cookies.a })).finally(() => {
      settled = true
    })
    // Another person's export meanwhile: whole, while the third waits for a slot of its person's.
    const others = await t.request(SEEDED, { cookie: cookies.b })
    expect(targetsOf(await others.text())).toEqual(everyTarget())
    expect(settled).toBe(false)
    // An export read to its end is no longer under way: the waiting one begins, and is whole.
    expect(await calls.text()).toMatch(/^\uFEFF?"Call ID"/)
    const waited = await third
    expect(waited.status).toBe(200)
    expect(targetsOf(await waited.text())).toEqual(everyTarget())
    expect(targetsOf(await trail.text())).toEqual(everyTarget())
  })
})
