// Which parts of an entry personal-fields.ts takes out of the hashed entry, and the number each is about.
import { describe, expect, it } from 'vitest'
import { personalise } from './audit-personal-fields'

const KEY = 'k'.repeat(64)
const TOKEN = /^\{pv:[0-9a-f]{64}\}$/
const noCall = async () => null

describe('an entry’s personal values', () => {
  it('are its numbers anywhere, the keys that hold a number in any format, and text about its number', async () => {
    const { target, detail, values } = await personalise(
      {
        seq: 7,
        target: '+14155550142',
        detail: {
          reason: 'asked twice',
          filters: { q: '(415) 555-0199', status: 'completed' },
          note: { text: 'call back', metadata: { crm: 'A-1', tags: ['vip'] } },
          idempotencyKey: 'k-1',
          nested: ['see +442071838750'],
        },
      },
      KEY,
      noCall,
    )
    expect(target).toMatch(TOKEN)
    const hashed = JSON.parse(detail ?? '{}')
    expect(hashed.idempotencyKey).toBe('k-1')
    expect(hashed.filters.status).toBe('completed')
    for (const value of [
      hashed.reason,
      hashed.filters.q,
      hashed.note.text,
      hashed.note.metadata.crm,
      hashed.note.metadata.tags[0],
    ])
      expect(value).toMatch(TOKEN)
    expect(hashed.nested[0]).toMatch(/^see \{pv:[0-9a-f]{64}\}$/)
    expect(Object.fromEntries(values.map((value) => [value.value, value.subject]))).toEqual({
      '+14155550142': '+14155550142',
      'asked twice': '+14155550142',
      '(415) 555-0199': '+14155550142',
      'call back': '+14155550142',
      'A-1': '+14155550142',
      vip: '+14155550142',
      '+442071838750': '+442071838750',
    })
  })

  it('take the subject of a call’s note from the call’s number, looked up as the entry is written', async () => {
    const { values } = await personalise(
      { seq: 8, target: 'call_1', detail: { version: 2, sha256: 'ab'.repeat(32) } },
      KEY,
      async (callId) => (callId === 'call_1' ? '+14155550177' : null),
    )
    expect(values).toEqual([expect.objectContaining({ value: 'ab'.repeat(32), subject: '+14155550177', seq: 8 })])
  })

  it('leave what is not about a callee: a sign-in’s reason, a role’s change, the people of the console', async () => {
    const signIn = await personalise(
      { seq: 1, target: 'ana@example.com', detail: { reason: 'wrong password' } },
      KEY,
      noCall,
    )
    expect(signIn).toEqual({ target: 'ana@example.com', detail: '{"reason":"wrong password"}', values: [] })
    const role = await personalise(
      { seq: 2, target: 'bob@example.com', detail: { from: 'support', to: 'admin' } },
      KEY,
      noCall,
    )
    expect(role.values).toEqual([])
  })

  it('give one value a token of its own in each entry, keyed: the same number in two entries shares nothing', async () => {
    const first = await personalise({ seq: 3, target: '+14155550142', detail: null }, KEY, noCall)
    const second = await personalise({ seq: 4, target: '+14155550142', detail: null }, KEY, noCall)
    const otherKey = await personalise({ seq: 3, target: '+14155550142', detail: null }, 'x'.repeat(64), noCall)
    expect(new Set([first.target, second.target, otherKey.target]).size).toBe(3)
  })
})
