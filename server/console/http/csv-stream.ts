// A CSV download streamed a batch at a time: the next batch is read only when the client has taken the
// last one (the stream's pull), so memory stays flat whatever the row count, and a client that goes away
// stops the reading (cancel). How it ended is told once, for the audit trail: on a socket, "complete" only once
// the response's last byte went to the client's connection, never because the rows were handed to Node's buffers.
import { setImmediate as nextTurnOfLoop } from 'node:timers/promises'
import { csvRecord, UTF8_BOM } from './csv'
import type { Delivery } from './response-delivery'

/** A person's turns at the pages (StreamTurns.page with the person given). */
type PageTurns = <R>(work: () => Promise<R>, signal: AbortSignal) => Promise<R>

// Rows made into CSV between two turns of the event loop: a slice of about a millisecond, so a request that comes
// in while a page is made waits for one slice, not for the page.
const ROWS_PER_SLICE = 50

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
  /** The response's fate on its socket (`streamDelivery`): after the last row, the end waits for it. */
  delivery?: Promise<Delivery>
  /**
   * Each batch read and made into CSV in a turn of its own (stream-turns.ts, bound to the person): the instance's
   * long streams then take their pages one at a time and rest between. At once, one after another, when absent.
   */
  turns?: PageTurns
}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const batches = options.batches[Symbol.asyncIterator]()
  // Aborted on cancel: a stream waiting for its turn leaves the line.
  const gone = new AbortController()
  let rows = 0
  let ended = false
  const end = async (how: CsvStreamEnd) => {
    if (ended) return
    ended = true
    await options.onEnd({ ended: how, rows })
  }
  /** The next batch, made into CSV a slice at a time, each slice enqueued as made; false after the last. */
  const sendBatch = async (controller: ReadableStreamDefaultController<Uint8Array>): Promise<boolean> => {
    let next: IteratorResult<readonly T[]>
    try {
      next = await batches.next()
    } catch (error) {
      await end('failed')
      throw error
    }
    if (next.done || ended) return false
    const batch = next.value
    for (let from = 0; from < batch.length && !ended; from += ROWS_PER_SLICE) {
      if (from > 0) await nextTurnOfLoop()
      const slice = batch.slice(from, from + ROWS_PER_SLICE)
      if (ended) break
      controller.enqueue(encoder.encode(slice.map((row) => csvRecord(options.values(row))).join('')))
      rows += slice.length
    }
    return true
  }
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${options.bom ? UTF8_BOM : ''}${csvRecord(options.header)}`))
    },
    async pull(controller) {
      const { turns } = options
      let more: boolean
      try {
        more = turns ? await turns(() => sendBatch(controller), gone.signal) : await sendBatch(controller)
      } catch (error) {
        // A wait for a turn given up because the client went away: the stream is cancelled already.
        if (gone.signal.aborted) return
        throw error
      }
      // Cancelled while the batch was read: it goes nowhere.
      if (ended || more) return
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
    },
    async cancel() {
      gone.abort()
      await end('aborted')
      await batches.return?.()
    },
  })
}
