import { describe, expect, it } from 'vitest'
import { HEADER_WIDTH, isWidePage, pageWidth } from './page-width'

describe('isWidePage', () => {
  it('is the calls list, the live board, usage and caller IDs, with or without a trailing slash', () => {
    expect(isWidePage('/calls')).toBe(true)
    expect(isWidePage('/calls/')).toBe(true)
    expect(isWidePage('/live')).toBe(true)
    expect(isWidePage('/usage')).toBe(true)
    expect(isWidePage('/caller-ids')).toBe(true)
  })

  it('is not a call of its own, a form or another page', () => {
    expect(isWidePage('/calls/call_01ABC')).toBe(false)
    expect(isWidePage('/calls/new')).toBe(false)
    expect(isWidePage('/usage/')).toBe(true)
    expect(isWidePage('/users')).toBe(false)
    expect(isWidePage('/')).toBe(false)
  })
})

describe('pageWidth', () => {
  it('gives wide pages a wider column than the others', () => {
    expect(pageWidth(true)).not.toBe(pageWidth(false))
    expect(pageWidth(false)).toContain('max-w-6xl')
  })

  it("keeps the header's row as wide as the widest page on every page, so it never moves", () => {
    expect(HEADER_WIDTH).toBe(pageWidth(true))
  })
})
