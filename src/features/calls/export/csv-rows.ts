// Counts the records of a CSV as its bytes stream in (RFC 4180: a line break inside quotes is part of
// a value, not the end of a record), so the export's progress counts rows, not bytes. Pure.
const QUOTE = 0x22
const LINE_FEED = 0x0a

export function createCsvRowCounter() {
  let inQuotes = false
  let lineEnds = 0
  return {
    push(chunk: Uint8Array) {
      for (const byte of chunk) {
        if (byte === QUOTE) inQuotes = !inQuotes
        else if (byte === LINE_FEED && !inQuotes) lineEnds += 1
      }
    },
    /** Records after the header row. */
    rows: () => Math.max(0, lineEnds - 1),
  }
}
