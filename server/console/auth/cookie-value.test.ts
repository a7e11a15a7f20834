// cookieValue against hono's own parse, on generated Cookie headers: names near the session's (a prefix, a suffix,
// blanks around it), values with quotes, percent escapes, blanks and bytes a cookie may not hold, pairs with no '='.
import fc from 'fast-check'
import { parse } from 'hono/utils/cookie'
import { describe, expect, it } from 'vitest'
import { cookieValue } from './cookie-value'

const NAME = 'vd_session'

const blank = fc.constantFrom('', ' ', '  ', '\t')
const pairName = fc.constantFrom(NAME, `__Host-${NAME}`, `${NAME}x`, `x${NAME}`, 'theme', '', 'a=b')
const valueChar = fc.constantFrom(
  ...'aZ09-_~.',
  '%',
  '%41',
  '%E2%82%AC',
  '%zz',
  '"',
  ' ',
  '\t',
  ',',
  '\\',
  '=',
  'é',
  '\u0001',
)
const pairValue = fc.array(valueChar, { maxLength: 8 }).map((chars) => chars.join(''))
const pair = fc.oneof(
  fc
    .tuple(blank, pairName, blank, pairValue, blank)
    .map(([a, name, b, value, c]) => `${a}${name}${b}=${a}${value}${c}`),
  fc.tuple(blank, pairName).map(([a, name]) => `${a}${name}`),
)
const header = fc
  .array(pair, { maxLength: 5 })
  .chain((pairs) => fc.constantFrom(';', '; ').map((separator) => pairs.join(separator)))

describe('cookieValue', () => {
  it('reads a cookie as hono parse does', () => {
    fc.assert(
      fc.property(header, (text) => {
        expect(cookieValue(text, NAME)).toBe(parse(text, NAME)[NAME])
      }),
      { numRuns: 5_000 },
    )
  })

  it('reads a session cookie among others, and nothing from a header without it', () => {
    expect(cookieValue('theme=dark; vd_session=abc-_123; lang=en', NAME)).toBe('abc-_123')
    expect(cookieValue('vd_session="quoted"', NAME)).toBe('quoted')
    expect(cookieValue('xvd_session=other; vd_sessionx=other', NAME)).toBeUndefined()
    expect(cookieValue('', NAME)).toBeUndefined()
    // The first valid value of the name is the one read; an invalid one is passed over.
    expect(cookieValue('vd_session=bad\\value; vd_session=good', NAME)).toBe('good')
  })

  it('reads a header of many pairs without values as hono does', () => {
    // About 16 KB (node's header limit): cookieValue looks for the far '=' once, not once a pair.
    const header = `${'vd_session;'.repeat(1_500)}vd_session=late`
    expect(cookieValue(header, NAME)).toBe(parse(header, NAME)[NAME])
    expect(cookieValue(`${'vd_session;'.repeat(1_500)}`, NAME)).toBeUndefined()
  })
})
