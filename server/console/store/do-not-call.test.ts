// The do-not-call list's store, on both stores: a number is listed once (its first reason kept), many are added in
// batches with the ones already listed skipped, pages run in number order with a digits filter, and a removal
// answers what it took off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestStore } from '../test-support/test-store'
import type { ConsoleStore } from '.'
import type { DoNotCallRow } from './do-not-call'

const T0 = Date.parse('2026-12-06T09:30:00Z')
let store: ConsoleStore
beforeAll(async () => {
  store = await openTestStore()
})
afterAll(async () => {
  await store?.close()
})

const entry = (phoneNumber: string, reason = 'asked on the phone'): DoNotCallRow => ({
  phoneNumber,
  reason,
  source: 'manual',
  addedById: null,
  addedByEmail: 'ana@example.com',
  addedAt: T0,
})

describe('the do-not-call store', () => {
  it('lists a number once, keeping its first reason, and finds it', async () => {
    expect(await store.doNotCall.add(entry('+14155550101'))).toEqual({ entry: entry('+14155550101'), added: true })
    const again = await store.doNotCall.add(entry('+14155550101', 'a second time'))
    expect(again).toEqual({ entry: entry('+14155550101'), added: false })
    expect(await store.doNotCall.find('+14155550101')).toEqual(entry('+14155550101'))
    expect(await store.doNotCall.find('+14155550102')).toBeNull()
  })

  it('adds many in batches, skipping the listed, and pages them in number order with a digits filter', async () => {
    const many = Array.from({ length: 23 }, (_, i) => ({
      ...entry(`+4420718387${String(i).padStart(2, '0')}`),
      source: 'import' as const,
    }))
    // Batches of 5, one of them holding a number already listed by the first.
    expect(await store.doNotCall.addMany(many.slice(0, 10), 5)).toBe(10)
    expect(await store.doNotCall.addMany(many, 5)).toBe(13)

    const first = await store.doNotCall.page({ digits: '2071838', limit: 10 })
    expect(first.map((row) => row.phoneNumber)).toEqual(many.slice(0, 10).map((row) => row.phoneNumber))
    const rest = await store.doNotCall.page({ digits: '2071838', after: first.at(-1)?.phoneNumber, limit: 100 })
    expect(rest).toHaveLength(13)
    expect(rest[0]).toEqual(many[10])
    // Digits only: what a person types around them does not hide a match.
    expect((await store.doNotCall.page({ digits: '(415) 555', limit: 10 })).map((row) => row.phoneNumber)).toEqual([
      '+14155550101',
    ])
  })

  it('removes a number and answers the entry it was, null when it was not listed', async () => {
    await store.doNotCall.add(entry('+14155550199'))
    expect(await store.doNotCall.remove('+14155550199')).toEqual(entry('+14155550199'))
    expect(await store.doNotCall.remove('+14155550199')).toBeNull()
    expect(await store.doNotCall.find('+14155550199')).toBeNull()
  })
})
