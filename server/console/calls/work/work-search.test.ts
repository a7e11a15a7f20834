// The outcome and note in the calls list's search and export (issue 51), over the real index and store: the
// column's values, the Outcome filter, `outcome:` by id or label, `note:` by the words of notes, and the CSV's
// two columns as CSV-injection-safe as every other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CallSearchResponse } from '../../../../src/api/contract/call-index-schemas'
import { createTestConsole, type TestConsole } from '../../test-support/console-app'
import { readCsvObjects } from '../../test-support/csv-reader'
import { indexCalls } from '../../test-support/indexed-calls'

let t: TestConsole
let ana = ''

beforeAll(async () => {
  t = await createTestConsole({ apiKey: null })
  ana = (await t.addUser('ana@example.com', 'support')).id
  await indexCalls(t.store, [
    { call_id: 'call_reached', created_at: '2026-11-20T10:00:00Z', owner: ana, metadata: { outcome: 'sale' } },
    { call_id: 'call_voicemail', created_at: '2026-11-20T11:00:00Z', owner: ana },
    { call_id: 'call_untouched', created_at: '2026-11-20T12:00:00Z', owner: ana, metadata: { outcome: 'sale' } },
  ])
  const cookie = await t.signIn('ana@example.com')
  const put = (call: string, what: string, json: object) =>
    t.request(`/api/console/calls/${call}/${what}`, { cookie, method: 'PUT', json })
  await put('call_reached', 'outcome', { outcome: 'reached' })
  await put('call_reached', 'note', { note: '=HYPERLINK("http://evil","x") wants the Invoice\nby post' })
  await put('call_voicemail', 'outcome', { outcome: 'left-voicemail' })
})
afterAll(() => t.store.close())

const idsOf = async (query: string) => {
  const cookie = await t.signIn('ana@example.com')
  const res = await t.request(`/api/console/calls/search?${query}`, { cookie })
  expect(res.status, await res.clone().text()).toBe(200)
  return ((await res.json()) as CallSearchResponse).calls
}

describe('outcomes and notes in the calls list', () => {
  it('come with each call of a page', async () => {
    const calls = await idsOf('')
    expect(calls.map((call) => [call.call_id, call.outcome])).toEqual([
      ['call_untouched', null],
      ['call_voicemail', { id: 'left-voicemail', label: 'Left voicemail' }],
      ['call_reached', { id: 'reached', label: 'Reached' }],
    ])
  })

  it('are found by outcome: (id or label, any part), by note: words, and by the Outcome filter', async () => {
    const ids = async (query: string) => (await idsOf(query)).map((call) => call.call_id)
    expect(await ids(`q=${encodeURIComponent('outcome:reached')}`)).toEqual(['call_reached'])
    expect(await ids(`q=${encodeURIComponent('outcome:"Left voicemail"')}`)).toEqual(['call_voicemail'])
    expect(await ids(`q=${encodeURIComponent('outcome:voicemail')}`)).toEqual(['call_voicemail'])
    // A metadata key of that name is still searched, as any key:value term searches its key.
    expect(await ids(`q=${encodeURIComponent('outcome:sale')}`)).toEqual(['call_untouched', 'call_reached'])
    expect(await ids(`q=${encodeURIComponent('note:invoice')}`)).toEqual(['call_reached'])
    expect(await ids(`q=${encodeURIComponent('note:"by post" outcome:reach')}`)).toEqual(['call_reached'])
    expect(await ids(`q=${encodeURIComponent('note:refund')}`)).toEqual([])
    expect(await ids('outcome=left-voicemail')).toEqual(['call_voicemail'])
    expect(await ids('outcome=none')).toEqual(['call_untouched'])
  })

  it('are found by a plain term in the words of a note, kept current when the note changes or the call is detailed again', async () => {
    const ids = async (q: string) => (await idsOf(`q=${encodeURIComponent(q)}`)).map((call) => call.call_id)
    expect(await ids('invoice')).toEqual(['call_reached'])
    expect(await ids('"by post"')).toEqual(['call_reached'])
    // A number fragment is a plain term too; metadata values still match as before.
    expect(await ids('sale')).toEqual(['call_untouched', 'call_reached'])
    const cookie = await t.signIn('ana@example.com')
    const note = (text: string) =>
      t.request('/api/console/calls/call_voicemail/note', { cookie, method: 'PUT', json: { note: text } })
    expect((await note('Ticket 48213: asked for the REFUND form')).status).toBe(200)
    expect(await ids('refund')).toEqual(['call_voicemail'])
    expect(await ids('48213')).toEqual(['call_voicemail'])
    // The sync writing the call's details again keeps its note's words.
    await indexCalls(t.store, [{ call_id: 'call_voicemail', created_at: '2026-11-20T11:00:00Z', owner: ana }])
    expect(await ids('refund')).toEqual(['call_voicemail'])
    expect((await note('Sent the brochure instead')).status).toBe(200)
    expect(await ids('refund')).toEqual([])
    expect(await ids('brochure')).toEqual(['call_voicemail'])
  })

  it('are two columns of the CSV export, a formula-like note made inert', async () => {
    const cookie = await t.signIn('ana@example.com')
    const res = await t.request('/api/console/calls/export.csv', { cookie })
    expect(res.status).toBe(200)
    const text = await res.text()
    const { header, rows } = readCsvObjects(text)
    expect(header).toEqual(expect.arrayContaining(['Outcome', 'Note']))
    const reached = rows.find((row) => row['Call ID'] === 'call_reached')
    expect(reached).toMatchObject({ Outcome: 'Reached' })
    expect(reached?.Note).toBe('\'=HYPERLINK("http://evil","x") wants the Invoice\nby post')
    expect(rows.find((row) => row['Call ID'] === 'call_untouched')).toMatchObject({ Outcome: '', Note: '' })
  })
})
