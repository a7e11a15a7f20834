import { describe, expect, it } from 'vitest'
import { hiddenCharacterName, splitHidden } from './hidden-character-parts'
import { hiddenToken, isBlank, revealHidden } from './hidden-characters'

const tokens = (text: string) =>
  splitHidden(text).map((part) =>
    typeof part === 'string' ? part : `${hiddenToken(part)} ${hiddenCharacterName(part)}`,
  )

describe('splitHidden', () => {
  it('shows the override that turns "Bank kcab llac" into "Bank back call"', () => {
    expect(tokens('Bank \u202Ekcab llac')).toEqual(['Bank ', '⟨U+202E⟩ right-to-left override', 'kcab llac'])
    expect(revealHidden('note\u202Egnp.exe')).toBe('note⟨U+202E⟩gnp.exe')
  })

  it('finds every bidi control', () => {
    const controls = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c]
    for (const codePoint of controls) {
      const parts = splitHidden(`a${String.fromCodePoint(codePoint)}b`)
      expect(parts).toHaveLength(3)
      expect(parts[1]).toBe(codePoint)
    }
    expect(tokens('\u2067x\u2069')).toEqual(['⟨U+2067⟩ right-to-left isolate', 'x', '⟨U+2069⟩ pop directional isolate'])
    expect(tokens('\u061C')).toEqual(['⟨U+061C⟩ Arabic letter mark'])
  })

  it('finds zero-width and other invisible characters', () => {
    expect(revealHidden('pay\u200Bpal\u200C\u200D\u2060\u2062\uFEFF\u00AD\u180E.')).toBe(
      'pay⟨U+200B⟩pal⟨U+200C⟩⟨U+200D⟩⟨U+2060⟩⟨U+2062⟩⟨U+FEFF⟩⟨U+00AD⟩⟨U+180E⟩.',
    )
    expect(tokens('\u2064\u00AD\u3164')).toEqual([
      '⟨U+2064⟩ invisible operator',
      '⟨U+00AD⟩ soft hyphen',
      '⟨U+3164⟩ Hangul filler',
    ])
  })

  it('finds other format characters by their category', () => {
    // Arabic number sign and interlinear annotation anchor: Cf, with no name of their own here.
    expect(tokens('\u0600\uFFF9')).toEqual([
      '⟨U+0600⟩ invisible format character',
      '⟨U+FFF9⟩ invisible format character',
    ])
  })

  it('finds C0 and C1 controls but keeps tab and line breaks', () => {
    expect(tokens('a\u0000b\u001Bc\u007Fd\u0085e\u009Bf')).toEqual([
      'a',
      '⟨U+0000⟩ control character',
      'b',
      '⟨U+001B⟩ control character',
      'c',
      '⟨U+007F⟩ control character',
      'd',
      '⟨U+0085⟩ control character',
      'e',
      '⟨U+009B⟩ control character',
      'f',
    ])
    expect(splitHidden('one\ttwo\nthree\r\nfour')).toEqual(['one\ttwo\nthree\r\nfour'])
    expect(tokens('a\u2028b\u2029')).toEqual(['a', '⟨U+2028⟩ line separator', 'b', '⟨U+2029⟩ paragraph separator'])
  })

  it('takes a tag character whole, though it is two code units', () => {
    const flagOfScotland = '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'
    expect(revealHidden(flagOfScotland)).toBe('🏴⟨U+E0067⟩⟨U+E0062⟩⟨U+E0073⟩⟨U+E0063⟩⟨U+E0074⟩⟨U+E007F⟩')
    expect(tokens('x\u{E0041}')).toEqual(['x', '⟨U+E0041⟩ tag character'])
    // Unassigned, but in the tag block: hidden all the same.
    expect(tokens('\u{E0000}')).toEqual(['⟨U+E0000⟩ tag character'])
  })

  it('keeps other characters beyond the BMP whole and visible', () => {
    expect(splitHidden('call 📞 me 𝒳')).toEqual(['call 📞 me 𝒳'])
    expect(splitHidden('😀\u200B😀')).toEqual(['😀', 0x200b, '😀'])
  })

  it('names a lone surrogate rather than let it become a replacement character', () => {
    expect(tokens('a\uD800b')).toEqual(['a', '⟨U+D800⟩ lone surrogate', 'b'])
  })

  it('leaves ordinary text, right-to-left letters included, as one part', () => {
    expect(splitHidden('Acme Support')).toEqual(['Acme Support'])
    expect(splitHidden('مرحبا שלום')).toEqual(['مرحبا שלום'])
    expect(revealHidden('مرحبا שלום')).toBe('مرحبا שלום')
  })

  it('gives nothing for an empty string', () => {
    expect(splitHidden('')).toEqual([])
    expect(revealHidden('')).toBe('')
  })
})

describe('isBlank', () => {
  it('is spaces or nothing, but not hidden characters alone', () => {
    for (const blank of ['', '  ', '\u00A0\u3000\t\n', null, undefined]) expect(isBlank(blank)).toBe(true)
    for (const shown of ['\uFEFF', ' \u200B ', '\u2028', 'a']) expect(isBlank(shown)).toBe(false)
  })
})
