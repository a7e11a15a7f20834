// One CSV export through GET /calls/export.csv, read to its end as a browser's download would, while the
// console's RSS is sampled: rows a second, and whether its memory grows with the rows (it must not).
import { CALL_INDEX_PATHS, type CallSearchQuery, EXPORT_TOTAL_HEADER } from '../../src/api/contract/call-index-schemas'
import { CONSOLE_PREFIX } from '../../src/api/contract/console-schemas'
import type { SearchClient } from './latency'
import { type RssSamples, sampleRss } from './rss-sampler'

export interface ExportRun {
  /** The rows the console said it would send (X-Total-Count), and the CSV records read. */
  totalHeader: number
  rows: number
  bytes: number
  firstByteMs: number
  seconds: number
  rowsPerSecond: number
  rss: RssSamples
}

const NEWLINE = 0x0a
const SAMPLE_MS = 100

/** Counts the newlines of the body as it streams in; no CSV value of the bench's calls holds one. */
async function readLines(body: ReadableStream<Uint8Array>) {
  let lines = 0
  let bytes = 0
  for await (const chunk of body) {
    bytes += chunk.length
    for (let index = chunk.indexOf(NEWLINE); index !== -1; index = chunk.indexOf(NEWLINE, index + 1)) lines++
  }
  return { lines, bytes }
}

export async function runExport(client: SearchClient, pid: number, query: CallSearchQuery): Promise<ExportRun> {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))
  const { result, rss } = await sampleRss(pid, SAMPLE_MS, async () => {
    const started = performance.now()
    const res = await fetch(`${client.url}${CONSOLE_PREFIX}${CALL_INDEX_PATHS.export}?${params}`, {
      headers: { cookie: client.cookie },
      signal: AbortSignal.timeout(30 * 60_000),
    })
    const firstByteMs = performance.now() - started
    if (!res.ok || !res.body) throw new Error(`export ${params} answered ${res.status}: ${await res.text()}`)
    const { lines, bytes } = await readLines(res.body)
    return {
      totalHeader: Number(res.headers.get(EXPORT_TOTAL_HEADER)),
      // The first line is the header row.
      rows: lines - 1,
      bytes,
      firstByteMs,
      seconds: (performance.now() - started) / 1000,
    }
  })
  return { ...result, rowsPerSecond: result.rows / result.seconds, rss }
}
