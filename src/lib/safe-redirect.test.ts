import { describe, expect, it } from 'vitest'
import { safeRedirect } from './safe-redirect'

const origin = 'https://console.example.com'

describe('safeRedirect', () => {
  it('keeps a path on this origin, with its search and hash', () => {
    expect(safeRedirect('/calls/call_1?tab=x#rec', origin)).toBe('/calls/call_1?tab=x#rec')
    expect(safeRedirect('/usage', origin)).toBe('/usage')
  })

  it.each([
    'https://evil.example/calls',
    '//evil.example/calls',
    '/\\evil.example',
    'javascript:alert(1)',
    'calls',
    '',
    '/sign-in?redirect=/calls',
  ])('refuses %s', (value) => {
    expect(safeRedirect(value, origin)).toBe('/calls')
  })

  it('refuses what is not a string', () => {
    expect(safeRedirect(undefined, origin)).toBe('/calls')
    expect(safeRedirect(42, origin)).toBe('/calls')
  })
})
