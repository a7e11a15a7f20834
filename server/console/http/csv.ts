// The console's one CSV writer: every "Download CSV" is made here (csvDocument, or csv-stream.ts for the long ones).
// CSV as RFC 4180 writes it (every field quoted, quotes doubled, CRLF between records) and
// as OWASP's "CSV injection" advice asks: a cell a spreadsheet would run as a formula
// (it starts with =, +, -, @, a tab or a carriage return) is prefixed with a single quote.
import type { Context } from 'hono'
import * as z from 'zod/mini'
import { sendProblem } from './problem'

const FORMULA_START = /^[=+\-@\t\r]/
// A signed number alone (a phone number in international format, +14155550100) can only ever be a number
// to a spreadsheet: no function runs. Prefixed, every exported phone number would read '+14155550100.
const SIGNED_NUMBER = /^[+-]\d+(\.\d+)?$/

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value)
  if (FORMULA_START.test(text) && !SIGNED_NUMBER.test(text)) text = `'${text}`
  return `"${text.replaceAll('"', '""')}"`
}

export const csvRecord = (values: readonly unknown[]): string => `${values.map(csvCell).join(',')}\r\n`

/**
 * UTF-8's byte order mark, first in every CSV the console sends unless `?bom=0` asks for plain UTF-8: without it
 * Excel on Windows reads the file in the machine's legacy code page and garbles "José" and "Zoë".
 */
export const UTF8_BOM = '\uFEFF'

/** What the first column of the totals' row says: after every data row, never among them. */
const TOTAL_ROW_LABEL = 'Total'

const BYTE_ORDER_MESSAGE = 'Use bom=0 for plain UTF-8, or bom=1 (the default) for UTF-8 with a byte order mark.'

/**
 * `?bom=`: 1 (or left out) for the byte order mark, 0 for plain UTF-8 (a script that reads the bytes itself);
 * anything else is a 400 naming the parameter (byteOrderRefusal). Spread into an export's query schema.
 */
export const BYTE_ORDER_PARAM = { bom: z.optional(z.enum(['0', '1'])) }

export const wantsByteOrder = (query: { bom?: '0' | '1' | undefined }) => query.bom !== '0'

/** The refusal of a `bom` that is neither 0 nor 1, before any other field of the query; null when it is one. */
export function byteOrderRefusal(c: Context, error: z.core.$ZodError): Response | null {
  if (!error.issues.some((issue) => issue.path[0] === 'bom')) return null
  return sendProblem(c, 400, 'Your request has invalid fields', BYTE_ORDER_MESSAGE, {
    errors: [{ field: 'bom', message: BYTE_ORDER_MESSAGE }],
  })
}

/**
 * A whole CSV file: the byte order mark unless asked not to, the header in words, a record per row, and the totals
 * (their first cell is TOTAL_ROW_LABEL's, whatever `total` holds there) in the last row when given.
 */
export function csvDocument(options: {
  bom: boolean
  header: readonly string[]
  rows: readonly (readonly unknown[])[]
  total?: readonly unknown[]
}): string {
  const { bom, header, rows, total } = options
  return [
    bom ? UTF8_BOM : '',
    csvRecord(header),
    ...rows.map(csvRecord),
    total ? csvRecord([TOTAL_ROW_LABEL, ...total.slice(1)]) : '',
  ].join('')
}

/** `name_2026-11-23.csv`: the download's name says what and when. */
export const csvFileName = (what: string, at: number) => `${what}_${new Date(at).toISOString().slice(0, 10)}.csv`

/** RFC 4180's media type, saying the first record names the columns. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8; header=present'
