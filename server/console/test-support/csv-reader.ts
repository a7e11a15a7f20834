// CSV read back as RFC 4180 writes it: quoted fields with doubled quotes, CRLF between records. For
// tests that check what a spreadsheet will see, cell by cell.

export function readCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      record.push(cell)
      cell = ''
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(cell)
      records.push(record)
      record = []
      cell = ''
      i++
    } else cell += char
  }
  if (cell !== '' || record.length > 0) throw new Error(`the CSV does not end with CRLF: …${text.slice(-40)}`)
  return records
}

/** Each record as an object of its header's names. */
export function readCsvObjects(text: string): { header: string[]; rows: Record<string, string>[] } {
  const [header = [], ...records] = readCsv(text)
  return { header, rows: records.map((record) => Object.fromEntries(header.map((name, i) => [name, record[i] ?? '']))) }
}
