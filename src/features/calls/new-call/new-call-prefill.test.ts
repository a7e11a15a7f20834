import { describe, expect, it } from 'vitest'
import { readNewCallPrefill } from './new-call-prefill'

const request = {
  caller_id: '+14155550100',
  destination: '+15005550002',
  record: true,
  metadata: { ticket: 'SUP-1043', attempt: 2, vip: true, note: null },
}

const rowsOf = (state: unknown) => readNewCallPrefill(state)?.values.metadataRows.map(({ key, value }) => [key, value])

describe('readNewCallPrefill', () => {
  it('reads a call’s request into the form’s starting values, every value as text', () => {
    const prefill = readNewCallPrefill({ fromCallId: 'call_01ABC', request })
    expect(prefill).toMatchObject({
      fromCallId: 'call_01ABC',
      values: { callerId: '+14155550100', destination: '+15005550002', record: true },
    })
    expect(rowsOf({ fromCallId: 'call_01ABC', request })).toEqual([
      ['ticket', 'SUP-1043'],
      ['attempt', '2'],
      ['vip', 'true'],
      ['note', ''],
    ])
    // Each row gets its own id, as rows typed in the form do.
    const ids = prefill?.values.metadataRows.map((row) => row.id)
    expect(new Set(ids).size).toBe(4)
  })

  it('has nothing to read when there is no "Call again" state', () => {
    expect(readNewCallPrefill(undefined)).toBeNull()
    expect(readNewCallPrefill('call_01ABC')).toBeNull()
    expect(readNewCallPrefill({ fromCallId: 'call_01ABC' })).toBeNull()
  })

  it('starts each invalid field empty and keeps the valid ones', () => {
    const prefill = readNewCallPrefill({
      fromCallId: 'not-a-call',
      request: { caller_id: '4155550100', destination: 7, record: 'yes', metadata: { ok: 'kept' } },
    })
    expect(prefill).toMatchObject({
      fromCallId: null,
      values: { callerId: '', destination: '', record: false },
    })
    expect(rowsOf({ request: { metadata: { ok: 'kept' } } })).toEqual([['ok', 'kept']])
  })

  it('keeps metadata of any size or shape, nested values as JSON text, and drops only an empty key', () => {
    const longKey = 'k'.repeat(41)
    const metadata = { fine: 'yes', [longKey]: 'long key', long: 'v'.repeat(501), nested: { a: 1 }, '': 'no key' }
    expect(rowsOf({ request: { metadata } })).toEqual([
      ['fine', 'yes'],
      [longKey, 'long key'],
      ['long', 'v'.repeat(501)],
      ['nested', '{"a":1}'],
    ])
    expect(rowsOf({ request: { metadata: ['a', 'b'] } })).toEqual([])
  })

  it('keeps every key: the service, not the form, says how many a call can carry', () => {
    const metadata = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`key${i}`, 'v']))
    expect(rowsOf({ request: { metadata } })).toHaveLength(60)
  })
})
