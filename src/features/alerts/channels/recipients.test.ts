import { describe, expect, it } from 'vitest'
import { parseRecipients } from './recipients'

describe('parseRecipients', () => {
  it('reads addresses apart by commas, semicolons, spaces and lines', () => {
    expect(parseRecipients(' ops@example.com, boss@example.com;\nfinance@example.com  x@y.z ')).toEqual([
      'ops@example.com',
      'boss@example.com',
      'finance@example.com',
      'x@y.z',
    ])
  })

  it('gives nothing for blank text', () => {
    expect(parseRecipients(' , ;\n')).toEqual([])
  })

  it('keeps one of an address typed twice, as first typed', () => {
    expect(parseRecipients('Ops@Example.com, ops@example.com')).toEqual(['Ops@Example.com'])
  })

  it('keeps what is not an address, for the schema to name', () => {
    expect(parseRecipients('ops@example.com, not-an-address')).toEqual(['ops@example.com', 'not-an-address'])
  })
})
