import { describe, expect, it } from 'vitest'
import { createCsvRowCounter } from './csv-rows'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('createCsvRowCounter', () => {
  it('counts records after the header, whatever the chunks', () => {
    const csv = '"call_id","note"\r\n"c1","a"\r\n"c2","b"\r\n'
    for (const size of [1, 3, 7, csv.length]) {
      const counter = createCsvRowCounter()
      for (let at = 0; at < csv.length; at += size) counter.push(bytes(csv.slice(at, at + size)))
      expect(counter.rows()).toBe(2)
    }
  })

  it('reads a line break and doubled quotes inside a value as part of it', () => {
    const counter = createCsvRowCounter()
    counter.push(bytes('"call_id","note"\r\n"c1","line one\r\nline ""two"""\r\n'))
    expect(counter.rows()).toBe(1)
  })

  it('says 0 before the header has ended', () => {
    const counter = createCsvRowCounter()
    counter.push(bytes('"call_id"'))
    expect(counter.rows()).toBe(0)
  })
})
