// The counting rules of the usage breakdowns on rows written by hand: what counts as minutes, in flight and
// awaiting details; a metadata key named exactly; "Other" past the rows shown.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BREAKDOWN_ROWS_MAX } from '../../../src/api/contract/usage-breakdown-schemas'
import { openTestStore } from '../test-support/test-store'
import { sumTallies } from '../usage/call-figures'
import { createUsageReports } from '../usage/usage-reports'
import type { ConsoleStore } from './'

const FROM = Date.parse('2026-11-01T00:00:00Z')
const TO = Date.parse('2026-12-01T00:00:00Z')
let store: ConsoleStore
let rows = 0

interface Row {
  status: string
  billed?: number | null
  duration?: number | null
  needsDetails?: 0 | 1
  createdAt?: number
  callerId?: string
  metadata?: Record<string, unknown>
}

async function add(row: Row) {
  rows += 1
  const { id } = await store.db
    .insertInto('indexed_calls')
    .values({
      call_id: `call-${rows}`,
      status: row.status,
      caller_id: row.callerId ?? '+14155550100',
      destination: '+14155550199',
      caller_digits: '14155550100',
      destination_digits: '14155550199',
      duration_seconds: row.duration ?? null,
      created_at: row.createdAt ?? FROM + rows * 60_000,
      billed_minutes: row.billed ?? null,
      metadata: row.metadata ? JSON.stringify(row.metadata) : null,
      needs_details: row.needsDetails ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (const [key, value] of Object.entries(row.metadata ?? {}))
    await store.db
      .insertInto('indexed_call_metadata')
      .values({ call_row: id, key, key_lower: key.toLowerCase(), value_lower: String(value).toLowerCase() })
      .execute()
}

const range = { fromMs: FROM, toMs: TO }

beforeEach(async () => {
  store = await openTestStore()
})
afterEach(async () => {
  await store.close()
})

describe('usage breakdown queries', () => {
  it('counts billed minutes of ended calls whose details are in, and says what it leaves out', async () => {
    await add({ status: 'DIALER_COMPLETED', billed: 3, duration: 150 })
    await add({ status: 'DIALER_COMPLETED', billed: 2, duration: 90 })
    await add({ status: 'DIALER_FAILED', billed: 0, duration: 0 })
    // Ended, its final details not fetched yet: its minutes are not known.
    await add({ status: 'DIALER_COMPLETED', billed: 1, duration: 20, needsDetails: 1 })
    // Details in, but without billed minutes.
    await add({ status: 'DIALER_FAILED', billed: null })
    await add({ status: 'DIALER_RINGING' })
    await add({ status: 'DIALER_INITIATED' })
    // Outside the period, on both sides.
    await add({ status: 'DIALER_COMPLETED', billed: 9, createdAt: FROM - 1 })
    await add({ status: 'DIALER_COMPLETED', billed: 9, createdAt: TO })
    const total = sumTallies((await store.usageBreakdowns.bySlot(range)).map((group) => group.tally))
    expect(total).toEqual({
      calls: 7,
      ended: 5,
      completed: 3,
      minutes: 5,
      durationSum: 260,
      durationCount: 3,
      inFlight: 2,
      awaitingDetails: 2,
    })
  })

  it('groups by a metadata key as the API spells it, and names each value as its newest call spells it', async () => {
    await add({ status: 'DIALER_COMPLETED', billed: 4, metadata: { team: 'sales' } })
    await add({ status: 'DIALER_COMPLETED', billed: 1, metadata: { team: 'Sales' } })
    await add({ status: 'DIALER_COMPLETED', billed: 2, metadata: { Team: 'Support' } })
    await add({ status: 'DIALER_COMPLETED', billed: 7 })
    const reports = createUsageReports({
      store,
      indexState: async () => ({ listingComplete: true, syncedTo: null }),
    })
    const period = { fromMs: FROM, toMs: TO, timeZone: 'UTC' }
    const team = await reports.breakdown(period, 'metadata', 'team')
    expect(team.rows.map((row) => [row.value, row.label, row.minutes])).toEqual([
      [null, 'No team', 9],
      ['Sales', 'Sales', 5],
    ])
    const capital = await reports.breakdown(period, 'metadata', 'Team')
    expect(capital.rows.map((row) => [row.value, row.minutes])).toEqual([
      [null, 12],
      ['Support', 2],
    ])
  })

  it('lists the caller IDs with most minutes and adds the rest up in "Other"', async () => {
    for (let index = 0; index < BREAKDOWN_ROWS_MAX + 5; index++)
      await add({
        status: 'DIALER_COMPLETED',
        billed: index + 1,
        callerId: `+1415555${String(index).padStart(4, '0')}`,
      })
    const reports = createUsageReports({
      store,
      indexState: async () => ({ listingComplete: true, syncedTo: null }),
    })
    const breakdown = await reports.breakdown({ fromMs: FROM, toMs: TO, timeZone: 'UTC' }, 'caller_id', undefined)
    expect(breakdown.truncated).toBe(true)
    expect(breakdown.rows).toHaveLength(BREAKDOWN_ROWS_MAX)
    expect(breakdown.rows[0]).toMatchObject({ value: '+14155550054', minutes: 55 })
    // The 6 smallest (1..6 minutes) make "Other".
    expect(breakdown.rows.at(-1)).toMatchObject({ value: null, label: 'Other', calls: 6, minutes: 21 })
    expect(breakdown.rows.reduce((sum, row) => sum + row.minutes, 0)).toBe(breakdown.totals.minutes)
  })
})
