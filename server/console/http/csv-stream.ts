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
  /**
   * The most of the event loop's time this stream may spend making CSV (0 to 1): after each batch it waits
   * so long that its share stays within this, and other people's requests are answered between. All when absent.
   */
  loopShare?: number
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
      const started = performance.now()
      controller.enqueue(encoder.encode(next.value.map((row) => csvRecord(options.values(row))).join('')))
      rows += next.value.length
      const share = options.loopShare
      if (share !== undefined && share < 1) {
        const spent = performance.now() - started
        await new Promise((resolve) => setTimeout(resolve, (spent * (1 - share)) / share))
      }
    },
    async cancel() {
      await end('cancelled')
      await batches.return?.()
    },
  })
}
