// An export's selection is fixed when it begins (call-selection.ts), on both stores: while it is read, calls indexed
// since, and calls that come to match (their details arrive), are not in it; calls that matched and changed since
// are, each once, in the order selected; one erased since is left out. The count said at the start is what is sent.
import { afterEach, beforeEach, expect, it } from 'vitest'
import { indexCalls, type TestCall } from '../test-support/indexed-calls'
import { openTestStore } from '../test-support/test-store'
import type { ConsoleStore } from '.'

const at = (minute: number) => new Date(Date.parse('2026-11-01T00:00:00Z') + minute * 60_000).toISOString()
const ANA = [{ text: 'ana', key: 'agent' }]

let store: ConsoleStore
beforeEach(async () => {
  store = await openTestStore()
})
afterEach(async () => {
  await store.close()
})

it('sends the calls that matched when it began, each once and in order, whatever the index does meanwhile', async () => {
  // Minute by minute, 40 calls: the even ones Ana's, every fifth odd one listed only (its details to come).
  const calls: TestCall[] = Array.from({ length: 40 }, (_, minute) => ({
    call_id: `call_${String(minute).padStart(2, '0')}`,
    created_at: at(minute),
    metadata: minute % 2 === 0 ? { agent: 'Ana' } : minute % 5 === 0 ? null : { agent: 'Bo' },
  }))
  await indexCalls(store, calls)
  const matched = calls
    .filter((call) => call.metadata?.agent === 'Ana')
    .map((call) => call.call_id)
    .reverse()

  const selection = await store.callSearch.selection({ numbers: [], texts: ANA })
  expect(selection.total).toBe(matched.length)
  const sent: string[] = []
  for await (const page of selection.pages(6)) {
    sent.push(...page.map((row) => row.call_id))
    if (sent.length > 6) continue
    // After the first page, among the calls still to read: the details of a listed-only call, Ana's; a call of hers
    // indexed now, older than most; one of hers whose agent changed; one of hers erased (its row gone).
    await indexCalls(store, [
      { call_id: 'call_05', created_at: at(5), metadata: { agent: 'Ana' } },
      { call_id: 'call_late', created_at: at(3), metadata: { agent: 'Ana' } },
      { call_id: 'call_10', created_at: at(10), metadata: { agent: 'Bo' } },
    ])
    await store.db.deleteFrom('indexed_calls').where('call_id', '=', 'call_20').execute()
  }
  expect(sent).toEqual(matched.filter((id) => id !== 'call_20'))
  // The same filter now selects what changed: a selection begun now would hold them.
  const now: string[] = []
  for await (const page of (await store.callSearch.selection({ numbers: [], texts: ANA })).pages(100))
    now.push(...page.map((row) => row.call_id))
  expect(now).toEqual(expect.arrayContaining(['call_05', 'call_late']))
  expect(now).not.toContain('call_10')
}, 60_000)

it('selects nothing, and reads nothing, when no call matches', async () => {
  await indexCalls(store, [{ call_id: 'call_bo', created_at: at(1), metadata: { agent: 'Bo' } }])
  const selection = await store.callSearch.selection({ numbers: [], texts: ANA })
  expect(selection.total).toBe(0)
  for await (const page of selection.pages(10)) expect(page).toEqual([])
})
