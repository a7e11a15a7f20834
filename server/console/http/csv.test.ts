import { describe, expect, it } from 'vitest'
import { csvCell, csvDocument, csvRecord } from './csv'

describe('csvCell', () => {
  it('quotes every field and doubles quotes inside (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('"plain"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\r\nlines, and a comma')).toBe('"two\r\nlines, and a comma"')
    expect(csvCell(null)).toBe('""')
    expect(csvCell(403)).toBe('"403"')
  })

  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1 415 555 0100', `"'+1 415 555 0100"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
  ])('neutralises a cell a spreadsheet would run as a formula (OWASP): %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })

  it('leaves a formula character that is not first alone', () => {
    expect(csvCell('a=b')).toBe('"a=b"')
  })

  it('leaves a signed number alone: a phone number in international format runs nothing', () => {
    expect(csvCell('+14155550100')).toBe('"+14155550100"')
    expect(csvCell(-12.5)).toBe('"-12.5"')
    expect(csvCell('+1415555010+1')).toBe(`"'+1415555010+1"`)
    expect(csvCell('-1\n=1')).toBe(`"'-1\n=1"`)
  })
})

describe('csvRecord', () => {
  it('ends each record with CRLF', () => {
    expect(csvRecord(['a', 1, null])).toBe('"a","1",""\r\n')
  })
})

describe('csvDocument', () => {
  it('starts with the byte order mark unless asked not to, and writes the totals last, marked Total', () => {
    const rows = [
      ['José', 2],
      ['Zoë', 1],
    ]
    const file = csvDocument({ bom: true, header: ['Person', 'Calls'], rows, total: ['anything', 3] })
    expect(file).toBe('\uFEFF"Person","Calls"\r\n"José","2"\r\n"Zoë","1"\r\n"Total","3"\r\n')
    expect([...new TextEncoder().encode(file).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(csvDocument({ bom: false, header: ['Person'], rows: [['Zoë']] })).toBe('"Person"\r\n"Zoë"\r\n')
  })
})
