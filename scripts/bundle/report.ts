// Plain-text tables of chunk sizes for the terminal and the README.
import { type BuiltChunk, mainPackages } from './chunks'

export interface SizeRow {
  file: string
  contents: string
  rawBytes: number
  gzipBytes: number
}

// Kilobytes of 1,000 bytes, as Vite's own build report prints them.
export const kb = (bytes: number) => (bytes / 1000).toFixed(1)

/** What a chunk is (the entry, a route split, a lazy import, or shared code and its largest module) and its largest packages. */
export function describeChunk(chunk: BuiltChunk): string {
  return `${chunkRole(chunk)}: ${mainPackages(chunk).join(', ')}`
}

function chunkRole(chunk: BuiltChunk): string {
  if (chunk.isEntry) return 'entry'
  if (chunk.facade?.includes('?tsr-split=')) return chunk.facade.replace('?tsr-split=', ' ')
  if (chunk.facade) return `lazy import ${chunk.facade}`
  // Its file is named by its hash alone (vite.config.ts): its largest module says which one it is.
  const largest = Object.entries(chunk.moduleSizes).sort((a, b) => b[1] - a[1])[0]?.[0]
  return largest ? `shared ${largest}` : 'shared'
}

/** Rows in aligned columns; the first column holds chunks unless told otherwise. */
export function sizeTable(rows: readonly SizeRow[], firstColumn = 'chunk'): string {
  const lines = [
    [firstColumn, 'contents', 'raw KB', 'gzip KB'],
    ...rows.map((row) => [row.file, row.contents, kb(row.rawBytes), kb(row.gzipBytes)]),
  ]
  const width = (column: number) => Math.max(...lines.map((line) => line[column]?.length ?? 0))
  return lines
    .map(([file = '', contents = '', raw = '', gzip = '']) =>
      [file.padEnd(width(0)), contents.padEnd(width(1)), raw.padStart(width(2)), gzip.padStart(width(3))].join('  '),
    )
    .join('\n')
}

export const sum = (rows: readonly SizeRow[], key: 'rawBytes' | 'gzipBytes') =>
  rows.reduce((total, row) => total + row[key], 0)

export interface Budget {
  /** The test fails above it. */
  limitBytes: number
  /** Where we want to be, for the pages the issue sets one; printed beside the figure, not enforced. */
  goalBytes?: number
}

/** The total of a cold load, its share of the budget and, where it has one, the distance to the goal. */
export function coldTotalLine(rows: readonly SizeRow[], budget: Budget): string {
  const gzip = sum(rows, 'gzipBytes')
  const total = `Total: ${kb(sum(rows, 'rawBytes'))} KB raw, ${kb(gzip)} KB gzip in ${rows.length} files`
  const share = Math.round((gzip / budget.limitBytes) * 100)
  const limit = `budget ${kb(budget.limitBytes)} KB (${share}%, ${gzip <= budget.limitBytes ? 'met' : 'OVER'})`
  if (budget.goalBytes === undefined) return `${total}: ${limit}`
  const goal = gzip <= budget.goalBytes ? 'met' : `not yet met, ${kb(gzip - budget.goalBytes)} KB over`
  return `${total}: ${limit}; goal ${kb(budget.goalBytes)} KB (${goal})`
}
