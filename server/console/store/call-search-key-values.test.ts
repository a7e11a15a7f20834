// `key:value` terms read through the key's values (migration 0036) when the key holds few of them, through the trigram
// table when it holds many: the same calls either way, on each plan (few matches sorted, many scanned).
import { expect, it } from 'vitest'
import { indexCalls } from '../test-support/indexed-calls'
import { openTestStore } from '../test-support/test-store'
import { createCallSearchQueries } from './call-search'

const AGENTS = ['Maria Garcia', 'Maria Garcia-Lopez', 'Wei Chen']

it('finds a key’s value through its few values or its many alike, counted and paged', async () => {
  const store = await openTestStore()
  // 300 tickets: more distinct values than the key-values read takes; three agents: few.
  const calls = Array.from({ length: 300 }, (_, index) => ({
    call_id: `call_${String(index).padStart(3, '0')}`,
    created_at: new Date(Date.parse('2026-11-01T00:00:00Z') + index * 60_000).toISOString(),
    metadata: { ticket: `T-${String(index).padStart(4, '0')}`, Agent: AGENTS[index % 3] ?? '' },
  }))
  await indexCalls(store, calls)
  const expected = (pick: (call: (typeof calls)[number]) => boolean) =>
    calls
      .filter(pick)
      .map((call) => call.call_id)
      .reverse()
  const cases = [
    {
      texts: [{ text: 'maria garcia', key: 'agent' }],
      ids: expected((call) => call.metadata.Agent.startsWith('Maria')),
    },
    { texts: [{ text: 'garcia-', key: 'AGENT' }], ids: expected((call) => call.metadata.Agent.includes('-')) },
    { texts: [{ text: 'nobody', key: 'agent' }], ids: [] },
    { texts: [{ text: 't-01', key: 'ticket' }], ids: expected((call) => call.metadata.ticket.startsWith('T-01')) },
    {
      texts: [
        { text: 'wei chen', key: 'agent' },
        { text: 't-02', key: 'ticket' },
      ],
      ids: expected((call) => call.metadata.ticket.startsWith('T-02') && call.metadata.Agent === 'Wei Chen'),
    },
  ]
  for (const manyMatches of [store.adapter.manyTrigramMatches, 0]) {
    const search = createCallSearchQueries(store.db, store.adapter, manyMatches)
    for (const { texts, ids } of cases) {
      const filter = { numbers: [], texts }
      const pages: string[] = []
      const selection = await search.selection(filter)
      for await (const page of selection.pages(40)) pages.push(...page.map((row) => row.call_id))
      expect(selection.total).toBe(ids.length)
      expect(pages, JSON.stringify({ texts, manyMatches })).toEqual(ids)
      expect(await search.count(filter, 10_000)).toBe(ids.length)
      expect(await search.countWithMinutes(filter, 50)).toMatchObject({ count: Math.min(ids.length, 51) })
    }
  }
  await store.close()
}, 60_000)

it('counts a lone `key:value` term on many calls through its values alone, a call of two spellings of the key once', async () => {
  const store = await openTestStore()
  const at = (minute: number) => new Date(Date.parse('2026-11-01T00:00:00Z') + minute * 60_000).toISOString()
  // Two calls of the agent, one of them under both spellings of the key: three index rows, two calls.
  await indexCalls(store, [
    {
      call_id: 'call_a',
      created_at: at(0),
      duration_seconds: 61,
      metadata: { Agent: 'Maria Garcia', agent: 'maria garcia' },
    },
    { call_id: 'call_b', created_at: at(1), duration_seconds: 30, metadata: { agent: 'Maria Garcia' } },
    { call_id: 'call_c', created_at: at(2), duration_seconds: 30, metadata: { agent: 'Wei Chen' } },
  ])
  // A scan, as for an agent's name on thousands of calls.
  const search = createCallSearchQueries(store.db, store.adapter, 0)
  const filter = { numbers: [], texts: [{ text: 'maria garcia', key: 'agent' }] }
  const plan = await search.plan(filter)
  expect(plan.via).toBe('scan')
  // Past the cap: the count says "more than 1", with no minutes read.
  expect(await search.countWithMinutes(filter, 1, plan)).toMatchObject({ count: 2 })
  // Within it (three rows, two calls): the calls, counted once each, with their minutes (2 + 1).
  expect(await search.countWithMinutes(filter, 2, plan)).toEqual({ count: 2, minutes: 3 })
  // Another filter beside it: the calls read as before.
  expect(await search.countWithMinutes({ ...filter, minDuration: 60 }, 1)).toEqual({ count: 1, minutes: 2 })
  await store.close()
})
