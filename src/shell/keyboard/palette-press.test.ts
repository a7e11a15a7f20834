import { describe, expect, it } from 'vitest'
import { isApple, opensPalette } from './palette-press'

describe('isApple', () => {
  it('tells Apple platforms from the others', () => {
    expect(['MacIntel', 'iPhone', 'iPad'].map(isApple)).toEqual([true, true, true])
    expect(['Linux x86_64', 'Win32', ''].map(isApple)).toEqual([false, false, false])
  })
})

describe('opensPalette', () => {
  const press = (mods: { ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean }, key = 'k', code = 'KeyK') => ({
    key,
    code,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...mods,
  })

  it('is Ctrl+K elsewhere and ⌘K on Apple devices, never the other one or with Alt', () => {
    expect(opensPalette(press({ ctrlKey: true }), false)).toBe(true)
    expect(opensPalette(press({ metaKey: true }), true)).toBe(true)
    expect(opensPalette(press({ metaKey: true }), false)).toBe(false)
    expect(opensPalette(press({ ctrlKey: true }), true)).toBe(false)
    expect(opensPalette(press({ ctrlKey: true, altKey: true }), false)).toBe(false)
    expect(opensPalette(press({}), false)).toBe(false)
  })

  it('reads the control character some engines give for Ctrl+K by its physical key', () => {
    expect(opensPalette(press({ ctrlKey: true }, '\u000b'), false)).toBe(true)
    expect(opensPalette(press({ ctrlKey: true }, '\u000b', 'KeyJ'), false)).toBe(false)
  })
})
