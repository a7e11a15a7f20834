// A number named in free text however a person wrote it, and nothing else: a longer run of digits that holds it,
// or another number that shares its tail, stays as written.
import { describe, expect, it } from 'vitest'
import { ERASED_TEXT, numberMentions } from './number-mentions'

describe('the mentions of a number in text', () => {
  it('finds a US number in every way people write it', () => {
    const us = numberMentions('+14155550123')
    expect(us).toMatchObject({ digits: '14155550123', national: '4155550123', tail: '23' })
    for (const written of [
      '+14155550123',
      '+1 415 555 0123',
      '+1 (415) 555-0123',
      '(415) 555-0123',
      '415.555.0123',
      '1-415-555-0123',
      '4155550123',
      '14155550123',
      '001 415 555 0123',
    ])
      expect(us.redact(`call back on ${written}, after 5`), written).toBe(`call back on ${ERASED_TEXT}, after 5`)
    for (const other of ['+14155550124', '41555501234', '24155550123', '555-0123', 'ticket 4155550'])
      expect(us.names(other), other).toBe(false)
  })

  it('finds a UK number with its trunk prefix or its country code', () => {
    const uk = numberMentions('+442071838750')
    for (const written of ['020 7183 8750', '+44 (0)20 7183 8750', '0044 20 7183 8750', '+442071838750'])
      expect(uk.redact(written), written).toBe(ERASED_TEXT)
  })

  it('redacts JSON value by value, numbers too, and keeps it JSON', () => {
    const us = numberMentions('+14155550123')
    const text = JSON.stringify({ phone: 14155550123, note: 'mobile (415) 555-0123', n: 7, list: ['+14155550123'] })
    expect(JSON.parse(us.redactJsonText(text))).toEqual({
      phone: ERASED_TEXT,
      note: `mobile ${ERASED_TEXT}`,
      n: 7,
      list: [ERASED_TEXT],
    })
    expect(us.redactJsonText('not json 4155550123')).toBe(`not json ${ERASED_TEXT}`)
  })
})
