// CSV as RFC 4180 writes it (every field quoted, quotes doubled, CRLF between records) and
// as OWASP's "CSV injection" advice asks: a cell a spreadsheet would run as a formula
// (it starts with =, +, -, @, a tab or a carriage return) is prefixed with a single quote.
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

/** `name_2026-11-23.csv`: the download's name says what and when. */
export const csvFileName = (what: string, at: number) => `${what}_${new Date(at).toISOString().slice(0, 10)}.csv`

/** RFC 4180's media type, saying the first record names the columns. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8; header=present'
