// The export's download: the console streams the CSV; this reads it, counting rows for the progress
// bar, and hands the file to the browser when it is whole. Loaded on the first export, not with the page.

import { CALL_INDEX_PATHS, type CallSearchQuery, EXPORT_TOTAL_HEADER } from '@/api/contract/call-index-schemas'
import { CONSOLE_PREFIX } from '@/api/contract/console-schemas'
import { apiDownload } from '@/api/download'
import { createCsvRowCounter } from './csv-rows'

export interface ExportProgress {
  rows: number
  /** The rows the filters select, from the console's header; null if it sent none. */
  total: number | null
}

/** Often enough to move the bar smoothly, rarely enough not to re-render for every chunk. */
const PROGRESS_EVERY_MS = 100

function fileNameOf(response: Response): string {
  const disposition = response.headers.get('Content-Disposition') ?? ''
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'calls.csv'
}

function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  // After the click has started the download; the browser keeps its own copy.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export async function runCallsExport(
  query: CallSearchQuery & { tz: string },
  signal: AbortSignal,
  onProgress: (progress: ExportProgress) => void,
): Promise<ExportProgress & { fileName: string }> {
  const { limit: _limit, cursor: _cursor, ...filters } = query
  const response = await apiDownload(CALL_INDEX_PATHS.export, { prefix: CONSOLE_PREFIX, query: filters, signal })
  const header = response.headers.get(EXPORT_TOTAL_HEADER)
  const total = header !== null && /^\d+$/.test(header) ? Number(header) : null
  const counter = createCsvRowCounter()
  const chunks: Uint8Array<ArrayBuffer>[] = []
  onProgress({ rows: 0, total })
  let told = Date.now()
  if (response.body) {
    const reader = response.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      counter.push(value)
      if (Date.now() - told >= PROGRESS_EVERY_MS) {
        told = Date.now()
        onProgress({ rows: counter.rows(), total })
      }
    }
  }
  const fileName = fileNameOf(response)
  saveFile(new Blob(chunks, { type: 'text/csv;charset=utf-8' }), fileName)
  return { rows: counter.rows(), total, fileName }
}
