import { describe, expect, it } from 'vitest'
import { webUrl } from './web-url'

const base = 'https://app.example/calls/call_1'

describe('webUrl', () => {
  it('keeps http and https addresses, resolving relative ones', () => {
    expect(webUrl('https://storage.example/rec.wav?sig=1', base)).toBe('https://storage.example/rec.wav?sig=1')
    expect(webUrl('/storage/rec.wav', base)).toBe('https://app.example/storage/rec.wav')
  })

  it('refuses script, data and other schemes, whatever their spelling', () => {
    for (const value of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<b>',
      'vbscript:x',
      'file:///etc/passwd',
    ]) {
      expect(webUrl(value, base), value).toBeNull()
    }
  })
})
