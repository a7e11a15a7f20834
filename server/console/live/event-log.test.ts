import { describe, expect, it } from 'vitest'
import { createEventLog } from './event-log'

describe('the event log for reconnects', () => {
  it('gives the events after a cursor it still covers', () => {
    const log = createEventLog<string>(10, 'b1')
    const cursor = log.cursor()
    log.append('a')
    const afterA = log.cursor()
    log.append('b')
    expect(log.since(cursor)?.map((event) => event.value)).toEqual(['a', 'b'])
    expect(log.since(afterA)?.map((event) => event.value)).toEqual(['b'])
    expect(log.since(log.cursor())).toEqual([])
  })

  it('cannot serve a cursor whose next events were dropped, cleared, from another boot or from the future', () => {
    const log = createEventLog<number>(3, 'b1')
    const start = log.cursor()
    for (let n = 0; n < 5; n++) log.append(n)
    expect(log.since(start)).toBeNull()
    expect(log.since('b1-2')?.map((event) => event.value)).toEqual([2, 3, 4])
    expect(log.since('b0-4')).toBeNull()
    expect(log.since('b1-99')).toBeNull()
    expect(log.since('nonsense')).toBeNull()
    const beforeClear = log.cursor()
    log.clear()
    log.append(9)
    expect(log.since('b1-4')).toBeNull()
    expect(beforeClear).toBe('b1-5')
    expect(log.since(beforeClear)?.map((event) => event.value)).toEqual([9])
  })
})
