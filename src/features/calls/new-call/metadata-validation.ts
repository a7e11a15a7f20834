// Checks metadata rows against the simulator's limits before sending, with a
// message per row that says what to fix.
import { METADATA_LIMITS } from '@/api/schemas'

export interface MetadataRow {
  id: string
  key: string
  value: string
}

export interface MetadataRowErrors {
  key?: string
  value?: string
}

export interface MetadataCheck {
  /** The object to send, or null while any row has an error. Values are sent as strings. */
  metadata: Record<string, string> | null
  rowErrors: Record<string, MetadataRowErrors>
  /** An error about the whole set, such as too many keys. */
  formError: string | null
}

let nextRowId = 0
export function newMetadataRow(key = '', value = ''): MetadataRow {
  nextRowId += 1
  return { id: `metadata-row-${nextRowId}`, key, value }
}

/**
 * Blank rows are ignored. `requireKeys` adds the "missing key" message, which
 * is shown only once the person submits, not while they are still typing.
 */
export function validateMetadata(rows: readonly MetadataRow[], { requireKeys = true } = {}): MetadataCheck {
  const { maxKeys, maxKeyLength, maxStringLength } = METADATA_LIMITS
  const rowErrors: Record<string, MetadataRowErrors> = {}
  const filled = rows.filter((row) => row.key.trim() !== '' || row.value !== '')
  const keyCounts = new Map<string, number>()
  for (const row of filled) keyCounts.set(row.key.trim(), (keyCounts.get(row.key.trim()) ?? 0) + 1)

  for (const row of filled) {
    const key = row.key.trim()
    const errors: MetadataRowErrors = {}
    if (key === '') {
      if (requireKeys) errors.key = 'Enter a key for this value, or remove the row.'
    } else if (key.length > maxKeyLength) {
      errors.key = `Keys can be at most ${maxKeyLength} characters; this one has ${key.length}.`
    } else if ((keyCounts.get(key) ?? 0) > 1) {
      errors.key = `The key “${key}” is used more than once. Each key must be different.`
    }
    if (row.value.length > maxStringLength) {
      errors.value = `Values can be at most ${maxStringLength} characters; this one has ${row.value.length}.`
    }
    if (errors.key || errors.value) rowErrors[row.id] = errors
  }

  const formError =
    filled.length > maxKeys
      ? `Metadata can have at most ${maxKeys} keys. Remove ${filled.length - maxKeys} ${filled.length - maxKeys === 1 ? 'row' : 'rows'}.`
      : null
  const hasErrors = formError !== null || Object.keys(rowErrors).length > 0 || filled.some((r) => r.key.trim() === '')
  const metadata = hasErrors ? null : Object.fromEntries(filled.map((row) => [row.key.trim(), row.value]))
  return { metadata, rowErrors, formError }
}
