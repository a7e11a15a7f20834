import { describe, expect, it } from 'vitest'
import { eventually } from '../../shared/test-support/eventually'
import { type CsvStreamEnd, csvStream } from './csv-stream'
import type { Delivery } from './response-delivery'
import { createStreamTurns } from './stream-turns'

/** Batches of [n] rows, counting how many were read and whether the reading was stopped. */
function numbered(batches: number, size = 2) {
  const seen = { read: 0, stopped: false }
  async function* rows() {
    try {
      for (let batch = 0; batch < batches; batch++) {
        seen.read += 1
        yield Array.from({ length: size }, (_, i) => batch * size + i)
      }
    } finally {
      seen.stopped = true
    }
  }
  return { seen, rows: rows() }
}

function streamOf(batches: AsyncIterable<readonly number[]>, delivery?: Promise<Delivery>, bom = false) {
  const ends: { ended: CsvStreamEnd; rows: number }[] = []
  const stream = csvStream({
    bom,
    header: ['n'],
    batches,
    values: (n) => [n],
    delivery,
    onEnd: async (end) => {
      ends.push(end)
    },
  })
  return { stream, ends }
}

describe('csvStream', () => {
  it('sends the header, then every batch, and tells the end once, before the stream closes', async () => {
    const { rows } = numbered(3)
    const { stream, ends } = streamOf(rows)
    const text = await new Response(stream).text()
    expect(text).toBe(['"n"', '"0"', '"1"', '"2"', '"3"', '"4"', '"5"', ''].join('\r\n'))
    expect(ends).toEqual([{ ended: 'complete', rows: 6 }])
  })

  it('puts the byte order mark before the header when asked, and only there', async () => {
    const { stream } = streamOf(numbered(2).rows, undefined, true)
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
    expect(text).toBe(['\uFEFF"n"', '"0"', '"1"', '"2"', '"3"', ''].join('\r\n'))
  })

  it('reads a batch only when the client has taken the last one, and stops reading on cancel', async () => {
    const { rows, seen } = numbered(1_000)
    const { stream, ends } = streamOf(rows)
    const reader = stream.getReader()
    await reader.read()
    await reader.read()
    // The header and one batch read; the queue holds one more at most.
    expect(seen.read).toBeLessThanOrEqual(2)
    await reader.cancel()
    expect(seen.stopped).toBe(true)
    expect(seen.read).toBeLessThanOrEqual(2)
    expect(ends).toEqual([{ ended: 'aborted', rows: expect.any(Number) }])
    expect(ends[0]?.rows).toBeLessThanOrEqual(4)
  })

  it('fails the stream when a batch cannot be read, and says so', async () => {
    async function* failing() {
      yield [1, 2]
      throw new Error('the store went away')
    }
    const { stream, ends } = streamOf(failing())
    await expect(new Response(stream).text()).rejects.toThrow('the store went away')
    expect(ends).toEqual([{ ended: 'failed', rows: 2 }])
  })

  it('on a socket, closes after the last row without waiting, and tells complete only once the response finished', async () => {
    const { rows } = numbered(3)
    let deliver: (how: Delivery) => void = () => {}
    const { stream, ends } = streamOf(rows, new Promise((resolve) => (deliver = resolve)))
    // The whole text read: the stream closed while the response has not finished.
    expect(await new Response(stream).text()).toMatch(/"5"\r\n$/)
    expect(ends).toEqual([])
    deliver('finished')
    await eventually(() => expect(ends).toEqual([{ ended: 'complete', rows: 6 }]))
  })

  it('on a socket, tells aborted with the rows sent when the client went away after the last row was handed on', async () => {
    const { rows } = numbered(3)
    const { stream, ends } = streamOf(rows, Promise.resolve('aborted'))
    await new Response(stream).text()
    await eventually(() => expect(ends).toEqual([{ ended: 'aborted', rows: 6 }]))
  })

  it('makes a batch into CSV 50 rows at a time, and the event loop turns between: another request is answered', async () => {
    // A count of the loop's turns, read as each row is made: rows made in one slice read the same count.
    let loopTurns = 0
    let turning = true
    const turn = () => {
      loopTurns += 1
      if (turning) setImmediate(turn)
    }
    setImmediate(turn)
    async function* oneBatch() {
      yield Array.from({ length: 120 }, (_, i) => i)
    }
    const seenAt: number[] = []
    const stream = csvStream({
      bom: false,
      header: ['n'],
      batches: oneBatch(),
      values: (n) => {
        seenAt[n] = loopTurns
        return [n]
      },
      onEnd: async () => {},
    })
    const text = await new Response(stream).text()
    turning = false
    expect(text.split('\r\n')).toHaveLength(122)
    const slices = [seenAt.slice(0, 50), seenAt.slice(50, 100), seenAt.slice(100)]
    for (const slice of slices) expect(new Set(slice).size).toBe(1)
    expect(slices[0]?.[0]).toBeLessThan(slices[1]?.[0] ?? 0)
    expect(slices[1]?.[0]).toBeLessThan(slices[2]?.[0] ?? 0)
  })

  it('takes a turn for each batch: two people’s exports send their pages in rotation, each complete', async () => {
    let rests = 0
    const turns = createStreamTurns({
      share: 0.5,
      busyClock: () => 0,
      rest: async () => {
        rests += 1
      },
    })
    const order: string[] = []
    const exportOf = (person: string, batches: number) => {
      async function* pages() {
        for (let page = 0; page < batches; page++) {
          order.push(`${person}${page}`)
          yield [page]
        }
      }
      return csvStream({
        bom: false,
        header: [person],
        batches: pages(),
        values: (n) => [n],
        onEnd: async () => {},
        turns: (work, signal) => turns.page(person, work, signal),
      })
    }
    const [a, b] = await Promise.all([new Response(exportOf('a', 3)).text(), new Response(exportOf('b', 3)).text()])
    expect(a).toBe(['"a"', '"0"', '"1"', '"2"', ''].join('\r\n'))
    expect(b).toBe(['"b"', '"0"', '"1"', '"2"', ''].join('\r\n'))
    // Each page in a turn of its own, a's and b's in turn (each export's last turn finds no page).
    expect(order).toEqual(['a0', 'b0', 'a1', 'b1', 'a2', 'b2'])
    expect(rests).toBe(0)
  })

  it('leaves the line when cancelled while waiting for a turn, and reads no batch', async () => {
    const held: (() => void)[] = []
    let busy = 0
    const turns = createStreamTurns({
      share: 0.5,
      // Each page costs the loop 1 ms: a rest of 1 ms follows, which the test ends itself.
      busyClock: () => busy++,
      rest: () => new Promise<void>((end) => held.push(end)),
      // Others' requests begin all the time: every page rests.
      requestsBegun: () => busy,
    })
    // Another person's page holds the only turn through its rest.
    await turns.page('other', async () => {})
    const { rows, seen } = numbered(10)
    const ends: { ended: CsvStreamEnd; rows: number }[] = []
    const stream = csvStream({
      bom: false,
      header: ['n'],
      batches: rows,
      values: (n) => [n],
      onEnd: async (end) => {
        ends.push(end)
      },
      turns: (work, signal) => turns.page('a', work, signal),
    })
    const reader = stream.getReader()
    await reader.read()
    const pending = reader.read()
    await reader.cancel()
    expect((await pending).done).toBe(true)
    held[0]?.()
    await new Promise((resolve) => setImmediate(resolve))
    expect(seen.read).toBe(0)
    expect(ends).toEqual([{ ended: 'aborted', rows: 0 }])
    // Its wait gone, it never took the turn: no page of its, so no rest after one.
    expect(held).toHaveLength(1)
  })
})
