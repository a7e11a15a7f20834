import { describe, expect, it } from 'vitest'
import { oneByteSource } from './one-byte-source'

describe('oneByteSource', () => {
  it('escapes characters past U+00FF in comments, and leaves the rest of the file as it was', () => {
    const source = '// Sending… µs\nconst a = "caf\\u00e9" /* 😀 */\n'
    expect(oneByteSource(source, 'a.mjs')).toBe('// Sending\\u2026 µs\nconst a = "caf\\u00e9" /* \\ud83d\\ude00 */\n')
  })

  it('leaves a file with none as it is', () => {
    const source = 'const b = /x/ // plain\n'
    expect(oneByteSource(source, 'b.mjs')).toBe(source)
  })

  it('stops at one in a regular expression or a String.raw template, where an escape would change the code', () => {
    expect(() => oneByteSource('const r = /a…/\n', 'r.mjs')).toThrow(/r\.mjs:1: "…" is outside a comment/)
    expect(() => oneByteSource('\n\nconst s = String.raw`…`\n', 's.mjs')).toThrow(/s\.mjs:3:/)
  })
})
