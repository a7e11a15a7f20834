import { describe, expect, it } from 'vitest'
import { METADATA_LIMITS } from '@/api/schemas'
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
      request: { caller_id: '4155550100', destination: '+1 (500) 555', record: 'yes', metadata: { ok: 'kept' } },
    })
    expect(prefill).toMatchObject({
      fromCallId: null,
      values: { callerId: '', destination: '', record: false },
    })
    expect(rowsOf({ request: { metadata: { ok: 'kept' } } })).toEqual([['ok', 'kept']])
  })

  it('drops only the metadata entries the contract would refuse', () => {
    const metadata = {
      fine: 'yes',
      ['k'.repeat(METADATA_LIMITS.maxKeyLength + 1)]: 'key too long',
      long: 'v'.repeat(METADATA_LIMITS.maxStringLength + 1),
      nested: { a: 1 },
      '': 'no key',
    }
    expect(rowsOf({ request: { metadata } })).toEqual([['fine', 'yes']])
    expect(rowsOf({ request: { metadata: ['a', 'b'] } })).toEqual([])
  })

  it('keeps at most as many keys as a call can carry', () => {
    const metadata = Object.fromEntries(Array.from({ length: METADATA_LIMITS.maxKeys + 5 }, (_, i) => [`key${i}`, 'v']))
    expect(rowsOf({ request: { metadata } })).toHaveLength(METADATA_LIMITS.maxKeys)
  })
})
