// The daily prune over a real store (SQLite, and PostgreSQL in the server-postgres project), at a fixed clock:
// rows older than their window go with what hangs off them, newer ones stay, and the trail counts each kind.
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createAuditLog } from '../audit/audit-log'
import type { ConsoleStore } from '../store'
import { indexCalls } from '../test-support/indexed-calls'
import { openTestStore } from '../test-support/test-store'
import { pruneOnce } from './retention-prune'
import { KEEP_EVERYTHING } from './retention-windows'

// 30 June 2026, noon UTC: the prune's "now", whatever today is.
const NOW = Date.parse('2026-06-30T12:00:00Z')
const DAY = 24 * 60 * 60_000
const daysAgo = (days: number) => NOW - days * DAY
const iso = (at: number) => new Date(at).toISOString()

let store: ConsoleStore
let ana = ''

beforeEach(async () => {
  store = await openTestStore()
  ana = (await store.users.add({ email: 'ana@example.com', passwordHash: 'x', role: 'support', now: daysAgo(400) })).id
})
afterEach(() => store.close())

/**
 * Five calls 40 days old and one 10 days old, each with metadata, a placer, a note (two versions), an outcome and a
 * score.
 */
async function seed() {
  const questions = JSON.stringify([{ id: 'q1', kind: 'yes_no', text: 'Kind?', weight: 1 }])
  await store.scoring.create({ id: 'card', name: 'Quality', questions, by: ana, at: daysAgo(60) })
  const calls = [
    ...[1, 2, 3, 4, 5].map((n) => ({ id: `call_old_${n}`, at: daysAgo(40) + n * 60_000 })),
    { id: 'call_new', at: daysAgo(10) },
  ]
  for (const call of calls) {
    await indexCalls(store, [
      { call_id: call.id, created_at: iso(call.at), owner: ana, metadata: { ticket: `T-${call.id}` } },
    ])
    await store.callWork.saveNote(call.id, `first words of ${call.id}`, ana, call.at + 60_000)
    await store.callWork.saveNote(call.id, `wombat said yes on ${call.id}`, ana, call.at + 120_000)
    await store.callWork.recordOutcome(call.id, 'reached', ana, call.at + 120_000)
    await store.scoring.save({
      callId: call.id,
      scorecardId: 'card',
      version: 1,
      scorerId: ana,
      placerId: ana,
      answers: '[]',
      scoreTenths: 1000,
      comment: `wombat was kind on ${call.id}`,
      at: call.at + 120_000,
    })
  }
}

const countOf = async (
  table:
    | 'indexed_calls'
    | 'indexed_call_metadata'
    | 'call_owners'
    | 'call_notes'
    | 'call_note_versions'
    | 'call_outcomes'
    | 'call_scores',
) =>
  Number(
    (
      await store.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

const searchTextOf = async (callId: string) => {
  const { rows } = await sql<{ metadata: string }>`select t.metadata from indexed_call_text t
    join indexed_calls c on c.id = t.rowid where c.call_id = ${callId}`.execute(store.db)
  return rows[0]?.metadata ?? null
}

const textRows = async () =>
  Number((await sql<{ n: number }>`select count(*) as n from indexed_call_text`.execute(store.db)).rows[0]?.n)

describe('the retention prune', () => {
  it('removes the calls, placers, notes with their versions and outcomes past their windows, in batches, and counts them in the trail', async () => {
    await seed()
    const audit = createAuditLog(store, () => NOW)
    const counts = await pruneOnce({
      store,
      audit,
      windows: { callsDays: 30, notesDays: 30, recordingsDays: null },
      now: () => NOW,
      // Two a batch: five old rows of each kind take three batches.
      batch: 2,
    })
    expect(counts).toEqual({ calls: 5, placements: 5, notes: 5, outcomes: 5, scores: 5 })
    expect(await countOf('indexed_calls')).toBe(1)
    expect(await countOf('indexed_call_metadata')).toBe(1)
    expect(await textRows()).toBe(1)
    expect(await countOf('call_owners')).toBe(1)
    expect(await countOf('call_notes')).toBe(1)
    expect(await countOf('call_note_versions')).toBe(2)
    expect(await countOf('call_outcomes')).toBe(1)
    expect(await countOf('call_scores')).toBe(1)
    expect((await store.callWork.noteOf('call_new'))?.text).toBe('wombat said yes on call_new')
    expect(await store.callWork.noteVersions('call_new')).toHaveLength(2)

    const [entry] = await store.audit.page({ action: 'retention.pruned' }, 5)
    expect(entry).toMatchObject({ action: 'retention.pruned', actor_user_id: null, outcome: 200, at: NOW })
    expect(JSON.parse(entry?.detail ?? '')).toEqual({
      calls: 5,
      placements: 5,
      notes: 5,
      outcomes: 5,
      scores: 5,
      calls_days: 30,
      notes_days: 30,
    })
    // Counts only: no call id or number in the entry.
    expect(JSON.stringify(entry)).not.toMatch(/call_old|\+44|\+1415/)
  })

  it('takes a note’s words out of search while its call stays indexed (the notes’ window shorter than the calls’)', async () => {
    await seed()
    expect(await searchTextOf('call_old_1')).toContain('wombat')
    const counts = await pruneOnce({
      store,
      audit: createAuditLog(store, () => NOW),
      windows: { callsDays: 365, notesDays: 30, recordingsDays: null },
      now: () => NOW,
    })
    expect(counts).toEqual({ calls: 0, placements: 0, notes: 5, outcomes: 5, scores: 5 })
    expect(await countOf('indexed_calls')).toBe(6)
    const text = await searchTextOf('call_old_1')
    expect(text).toContain('t-call_old_1')
    expect(text).not.toContain('wombat')
    expect(await searchTextOf('call_new')).toContain('wombat')
    expect(await store.callWork.noteVersions('call_old_1')).toEqual([])
  })

  it('keeps everything with no window set, and a note changed lately on an old call', async () => {
    await seed()
    await store.callWork.saveNote('call_old_2', 'a recent change', ana, daysAgo(1))
    const audit = createAuditLog(store, () => NOW)
    expect(await pruneOnce({ store, audit, windows: KEEP_EVERYTHING, now: () => NOW })).toEqual({
      calls: 0,
      placements: 0,
      notes: 0,
      outcomes: 0,
      scores: 0,
    })
    const counts = await pruneOnce({
      store,
      audit,
      windows: { callsDays: null, notesDays: 30, recordingsDays: null },
      now: () => NOW,
    })
    expect(counts.notes).toBe(4)
    expect((await store.callWork.noteOf('call_old_2'))?.text).toBe('a recent change')
    expect(await store.callWork.noteVersions('call_old_2')).toHaveLength(3)
    expect(await countOf('indexed_calls')).toBe(6)
  })

  it('stops between two batches when told (a shutdown), says so in the trail, and the next prune finishes', async () => {
    await seed()
    const audit = createAuditLog(store, () => NOW)
    const options = {
      store,
      audit,
      windows: { callsDays: 30, notesDays: null, recordingsDays: null },
      now: () => NOW,
      batch: 2,
    }
    // Asked before each batch: two batches go, then the shutdown comes.
    let asked = 0
    const counts = await pruneOnce(options, () => ++asked > 2)
    expect(counts).toEqual({ calls: 4, placements: 0, notes: 0, outcomes: 0, scores: 0 })
    const [cut] = await store.audit.page({ action: 'retention.pruned' }, 5)
    expect(JSON.parse(cut?.detail ?? '')).toMatchObject({ calls: 4, interrupted: true })
    expect(await pruneOnce(options)).toEqual({ calls: 1, placements: 5, notes: 0, outcomes: 0, scores: 0 })
    expect(await countOf('indexed_calls')).toBe(1)
  })
})
