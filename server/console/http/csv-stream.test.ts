import { describe, expect, it } from 'vitest'
import { eventually } from '../../shared/test-support/eventually'
import { type CsvStreamEnd, csvStream } from './csv-stream'
import type { Delivery } from './response-delivery'

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
})
