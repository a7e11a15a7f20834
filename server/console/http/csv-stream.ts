// A CSV download streamed a batch at a time: the next batch is read only when the client has taken the
// last one (the stream's pull), so memory stays flat whatever the row count, and a client that goes away
// stops the reading (cancel). How it ended is told once, for the audit trail.
import { csvRecord } from './csv'

export type CsvStreamEnd = 'complete' | 'cancelled' | 'failed'

export function csvStream<T>(options: {
  header: readonly string[]
  batches: AsyncIterable<readonly T[]>
  values: (row: T) => readonly unknown[]
  /** Once: after the last row (before the stream closes), on cancel, or when reading a batch failed. */
  onEnd: (end: { ended: CsvStreamEnd; rows: number }) => Promise<unknown>
}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const batches = options.batches[Symbol.asyncIterator]()
  let rows = 0
  let ended = false
  const end = async (how: CsvStreamEnd) => {
    if (ended) return
    ended = true
    await options.onEnd({ ended: how, rows })
  }
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvRecord(options.header)))
    },
    async pull(controller) {
      let next: IteratorResult<readonly T[]>
      try {
        next = await batches.next()
      } catch (error) {
        await end('failed')
        throw error
      }
      // Cancelled while the batch was read: it goes nowhere.
      if (ended) return
      if (next.done) {
        await end('complete')
        controller.close()
        return
      }
      controller.enqueue(encoder.encode(next.value.map((row) => csvRecord(options.values(row))).join('')))
      rows += next.value.length
    },
    async cancel() {
      await end('cancelled')
      await batches.return?.()
    },
  })
}
