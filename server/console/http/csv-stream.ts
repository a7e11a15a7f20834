// A CSV download streamed a batch at a time: the next batch is read only when the client has taken the
// last one (the stream's pull), so memory stays flat whatever the row count, and a client that goes away
// stops the reading (cancel). How it ended is told once, for the audit trail: on a socket, "complete" only once
// the response's last byte went to the client's connection, never because the rows were handed to Node's buffers.
import { csvRecord, UTF8_BOM } from './csv'
import type { Delivery } from './response-delivery'

export type CsvStreamEnd = 'complete' | 'aborted' | 'failed'

export function csvStream<T>(options: {
  /** The byte order mark first (csv.ts's csvByteOrder reads whether it is wanted). */
  bom: boolean
  header: readonly string[]
  batches: AsyncIterable<readonly T[]>
  values: (row: T) => readonly unknown[]
  /**
   * Once: when the response was delivered or the client went away after the last row, on cancel (the client went
   * away before), or when reading a batch failed. Without `delivery`, after the last row, before the stream closes.
   */
  onEnd: (end: { ended: CsvStreamEnd; rows: number }) => Promise<unknown>
  /** The response's fate on its socket (`responseDelivery`): after the last row, the end waits for it. */
  delivery?: Promise<Delivery>
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
      controller.enqueue(encoder.encode(`${options.bom ? UTF8_BOM : ''}${csvRecord(options.header)}`))
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
        const { delivery } = options
        if (!delivery) {
          await end('complete')
          controller.close()
          return
        }
        // The close lets Node end the response: waiting for its finish before it would wait forever.
        controller.close()
        // The response is gone either way: an end that cannot be written has no one to fail to.
        void delivery.then((how) => end(how === 'finished' ? 'complete' : 'aborted')).catch(() => {})
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
      await end('aborted')
      await batches.return?.()
    },
  })
}
