import { describe, expect, it } from 'vitest'
import { type CsvStreamEnd, csvStream } from './csv-stream'

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

function streamOf(batches: AsyncIterable<readonly number[]>) {
  const ends: { ended: CsvStreamEnd; rows: number }[] = []
  const stream = csvStream({
    header: ['n'],
    batches,
    values: (n) => [n],
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
    expect(ends).toEqual([{ ended: 'cancelled', rows: expect.any(Number) }])
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
})
