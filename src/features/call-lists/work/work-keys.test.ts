import { describe, expect, it } from 'vitest'
import { type KeyPress, readWorkKey } from './work-keys'

const press = (key: string, more: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  inField: false,
  afterGo: false,
  ...more,
})

describe('readWorkKey', () => {
  it('reads C, N, S and the outcome digits, in either case', () => {
    expect(readWorkKey(press('c'))).toEqual({ kind: 'place' })
    expect(readWorkKey(press('C'))).toEqual({ kind: 'place' })
    expect(readWorkKey(press('n'))).toEqual({ kind: 'next' })
    expect(readWorkKey(press('s'))).toEqual({ kind: 'skip' })
    expect(readWorkKey(press('1'))).toEqual({ kind: 'outcome', index: 0 })
    expect(readWorkKey(press('9'))).toEqual({ kind: 'outcome', index: 8 })
    expect(readWorkKey(press('0'))).toBeNull()
    expect(readWorkKey(press('x'))).toBeNull()
  })

  it('leaves a key to a note being typed, to the shell’s g-prefix, and to browser shortcuts', () => {
    expect(readWorkKey(press('c', { inField: true }))).toBeNull()
    // g then c goes to Calls: it must never place a call.
    expect(readWorkKey(press('c', { afterGo: true }))).toBeNull()
    expect(readWorkKey(press('c', { ctrlKey: true }))).toBeNull()
    expect(readWorkKey(press('n', { metaKey: true }))).toBeNull()
  })
})
