// An imported CSV read into contacts: its header row names the columns, one of them holds the number (normalised
// to E.164 with libphonenumber), the others become the contact's metadata. What cannot be called (no number, a
// number of no country, one already on an earlier line) is reported by line, and never saved.
import { parse } from 'csv-parse/sync'
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max'
import {
  type ImportPreview,
  type ImportProblem,
  type ImportSource,
  MAX_IMPORT_ROWS,
  MAX_LISTED_PROBLEMS,
} from '../../../src/api/contract/call-list-schemas'
import type { ImportedContact } from '../store/call-lists'

/** A file the console cannot read as a list, in words for the person who chose it. */
export class UnreadableImport extends Error {
  constructor(
    message: string,
    readonly field: 'csv' | 'numberColumn' = 'csv',
  ) {
    super(message)
  }
}

export interface ReadImport {
  columns: string[]
  numberColumn: string
  rows: number
  contacts: ImportedContact[]
  problems: ImportProblem[]
}

// The column a person most likely means when they name none.
const NUMBER_HEADER = /phone|number|tel|mobile|cell|e164/i
const SAMPLE_SIZE = 5

export function readImport(source: ImportSource): ReadImport {
  let records: { record: string[]; info: { lines: number } }[]
  try {
    records = parse(source.csv, {
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      bom: true,
      trim: true,
    }) as unknown as typeof records
  } catch (error) {
    const line = (error as { lines?: number }).lines
    throw new UnreadableImport(
      `The file is not CSV the console can read${line ? ` (line ${line})` : ''}: ${(error as Error).message}`,
    )
  }
  const [header, ...body] = records
  if (!header) throw new UnreadableImport('The file is empty: it needs a header row and a row per contact.')
  const columns = header.record
  if (columns.some((column) => column === ''))
    throw new UnreadableImport(
      `Column ${columns.indexOf('') + 1} of the header row has no name: every column needs one (it becomes the metadata key).`,
    )
  const repeated = columns.find((column, i) => columns.indexOf(column) !== i)
  if (repeated !== undefined) throw new UnreadableImport(`The header row names the column "${repeated}" twice.`)
  if (body.length > MAX_IMPORT_ROWS)
    throw new UnreadableImport(
      `The file has ${body.length.toLocaleString('en')} rows; a list takes ${MAX_IMPORT_ROWS.toLocaleString('en')} at most. Split it into several lists.`,
    )
  const numberColumn = source.numberColumn || columns.find((c) => NUMBER_HEADER.test(c)) || columns[0] || ''
  const numberAt = columns.indexOf(numberColumn)
  if (numberAt < 0)
    throw new UnreadableImport(
      `The file has no column "${numberColumn}". Its columns: ${columns.join(', ')}.`,
      'numberColumn',
    )

  const region = source.region as CountryCode
  const firstLineOf = new Map<string, number>()
  const contacts: ImportedContact[] = []
  const problems: ImportProblem[] = []
  for (const { record, info } of body) {
    // A quoted value may hold line breaks: the record starts that many lines before the one it ends on.
    const line = info.lines - record.reduce((n, value) => n + (value.match(/\n/g)?.length ?? 0), 0)
    const written = record[numberAt] ?? ''
    const number = normalise(written, region)
    if (typeof number !== 'string') {
      problems.push({ line, kind: 'invalid', number: written, message: number.error })
      continue
    }
    const earlier = firstLineOf.get(number)
    if (earlier !== undefined) {
      problems.push({ line, kind: 'duplicate', number: written, message: `The same number as line ${earlier}.` })
      continue
    }
    firstLineOf.set(number, line)
    const metadata: Record<string, string> = {}
    columns.forEach((column, i) => {
      const value = record[i]
      if (i !== numberAt && value) metadata[column] = value
    })
    contacts.push({ line, number, metadata })
  }
  return { columns, numberColumn, rows: body.length, contacts, problems }
}

function normalise(written: string, region: CountryCode): string | { error: string } {
  if (written === '') return { error: 'No number on this line.' }
  const international = written.replace(/^00(?=[1-9])/, '+')
  const parsed = parsePhoneNumberFromString(international, { defaultCountry: region })
  if (!parsed) return { error: 'Not a phone number.' }
  if (!parsed.isValid()) return { error: `Not a valid number${parsed.country ? ` of ${parsed.country}` : ''}.` }
  return parsed.number
}

export function previewOf(read: ReadImport): ImportPreview {
  return {
    columns: read.columns,
    numberColumn: read.numberColumn,
    rows: read.rows,
    valid: read.contacts.length,
    problemCount: read.problems.length,
    problems: read.problems.slice(0, MAX_LISTED_PROBLEMS),
    sample: read.contacts.slice(0, SAMPLE_SIZE),
  }
}
