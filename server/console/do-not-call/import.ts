// A CSV of up to a million numbers read as it streams in: its header row names the columns, the number is the one
// named like a number (or the first), a `reason` column gives each line's reason (the request's `reason` the rest).
// Numbers are normalised with libphonenumber and listed in batches as they come, so neither the file nor its
// numbers are ever held whole; what cannot be listed is reported by line.
import { Readable } from 'node:stream'
import { parse } from 'csv-parse'
import {
  type DoNotCallImportReport,
  MAX_IMPORT_NUMBERS,
  MAX_REASON_LENGTH,
  MAX_REPORTED_LINES,
} from '../../../src/api/contract/do-not-call-schemas'
import { listedNumberOf } from '../phone/written-number'
import type { ConsoleStore } from '../store'
import type { DoNotCallRow } from '../store/do-not-call'

// The column a person most likely means, as call list imports read it.
const NUMBER_HEADER = /phone|number|tel|mobile|cell|e164/i
// Rows handed to the store at once: each is its own INSERT, so the writer is never held for long.
const BATCH = 500

/** A file the console cannot read as a list of numbers, in words for the person who sent it. */
export class UnreadableNumbers extends Error {}

export interface ImportOptions {
  /** The reason of lines with none of their own. */
  reason?: string
  /** The country of numbers written without +country. */
  region?: string
  addedById: string
  addedByEmail: string
  at: number
}

export async function importNumbers(
  store: ConsoleStore,
  body: ReadableStream<Uint8Array>,
  options: ImportOptions,
): Promise<DoNotCallImportReport> {
  const report: DoNotCallImportReport = { lines: 0, added: 0, already_listed: 0, invalid: 0, not_read: 0, problems: [] }
  const problem = (line: number, number: string, message: string) => {
    report.invalid++
    if (report.problems.length < MAX_REPORTED_LINES) report.problems.push({ line, number, message })
  }
  let batch: DoNotCallRow[] = []
  const flush = async () => {
    if (batch.length === 0) return
    const added = await store.doNotCall.addMany(batch, BATCH)
    report.added += added
    report.already_listed += batch.length - added
    batch = []
  }
  const parser = Readable.fromWeb(body as Parameters<typeof Readable.fromWeb>[0]).pipe(
    parse({ info: true, relax_column_count: true, skip_empty_lines: true, bom: true, trim: true }),
  )
  let numberAt = -1
  let reasonAt = -1
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (numberAt < 0) {
        numberAt = Math.max(
          0,
          record.findIndex((column) => NUMBER_HEADER.test(column)),
        )
        reasonAt = record.findIndex((column) => column.toLowerCase() === 'reason')
        if (reasonAt < 0 && !options.reason)
          throw new UnreadableNumbers('The file has no “reason” column: give a reason for its numbers.')
        continue
      }
      if (report.lines >= MAX_IMPORT_NUMBERS) {
        report.not_read++
        continue
      }
      report.lines++
      const written = record[numberAt] ?? ''
      const reason = (reasonAt >= 0 ? record[reasonAt] : '') || options.reason
      if (!reason) {
        problem(info.lines, written, 'No reason on this line.')
        continue
      }
      const number = written === '' ? { error: 'No number on this line.' } : listedNumberOf(written, options.region)
      if ('error' in number) {
        problem(info.lines, written, number.error)
        continue
      }
      batch.push({
        phoneNumber: number.e164,
        reason: reason.slice(0, MAX_REASON_LENGTH),
        source: 'import',
        addedById: options.addedById,
        addedByEmail: options.addedByEmail,
        addedAt: options.at,
      })
      if (batch.length >= BATCH) await flush()
    }
  } catch (error) {
    if (error instanceof UnreadableNumbers) throw error
    const line = (error as { lines?: number }).lines
    // What was listed before the unreadable line stays listed; the answer says where reading stopped.
    await flush()
    throw new UnreadableNumbers(
      `The file is not CSV the console can read${line ? ` (line ${line})` : ''}: ${(error as Error).message}. ` +
        `${report.added} numbers before it were listed.`,
    )
  }
  await flush()
  if (numberAt < 0) throw new UnreadableNumbers('The file is empty: it needs a header row and a row per number.')
  return report
}
