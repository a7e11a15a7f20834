// The export's columns and each call's values: the call detail's fields as the index holds them, headed in words
// (the API's field names are in docs/, not in a file people open), the status in words with the service's value
// beside it; who placed the call; each time again in the viewer's zone when one is asked; the outcome and note
// recorded after it; the metadata, a column per key or, past EXPORT_METADATA_COLUMNS_MAX keys, one JSON column. Pure.
import { callStatusWords } from '../../../../src/api/contract/call-status-words'
import { PLACED_ELSEWHERE } from '../../../../src/api/contract/placed-by-schemas'
import type { SearchRow } from '../../store/call-search'
import { isoTime } from './index-state'
import { zonedTimeFormat } from './zone-time'

export interface ExportColumns {
  header: string[]
  values: (row: SearchRow) => unknown[]
}

/** A yes-or-no fact in words; unknown (the details not in yet) as nothing. */
const flag = (value: number | null) => (value === null ? null : value === 1 ? 'Yes' : 'No')

/** A metadata value in its cell: text as it is, a number or a boolean as JSON writes it, null as nothing. */
const metadataCell = (value: unknown) =>
  value === null || value === undefined || typeof value !== 'object' ? value : JSON.stringify(value)

export function exportColumns(options: {
  /** The selected calls' metadata keys, sorted; null: too many, one JSON column instead. */
  metadataKeys: readonly string[] | null
  /** An IANA zone the query was validated with; null: UTC only. */
  timeZone: string | null
}): ExportColumns {
  const { metadataKeys, timeZone } = options
  const zoned = timeZone === null ? null : zonedTimeFormat(timeZone)
  const time = (name: string) => (timeZone === null ? [`${name} (UTC)`] : [`${name} (UTC)`, `${name} (${timeZone})`])
  const timeValues = (ms: number | null) =>
    ms === null ? (zoned ? [null, null] : [null]) : zoned ? [isoTime(ms), zoned(ms)] : [isoTime(ms)]
  const header = [
    'Call ID',
    'Status',
    'Status (service)',
    'Caller ID',
    'Destination',
    'Duration (seconds)',
    'Billed minutes',
    'Recorded',
    'Voicemail drop',
    'Source',
    ...time('Placed at'),
    ...time('Last updated'),
    'Placed by',
    'Outcome',
    'Note',
    ...(metadataKeys === null ? ['Metadata (JSON)'] : metadataKeys.map((key) => `Metadata: ${key}`)),
  ]
  const metadataValues = (metadata: string | null): unknown[] => {
    if (metadataKeys === null) return [metadata]
    if (metadata === null) return metadataKeys.map(() => null)
    const parsed = JSON.parse(metadata) as Record<string, unknown>
    // Own keys only: a key named `constructor` or `__proto__` must not read the prototype's.
    return metadataKeys.map((key) => (Object.hasOwn(parsed, key) ? metadataCell(parsed[key]) : null))
  }
  const values = (row: SearchRow): unknown[] => [
    row.call_id,
    row.status === null ? null : callStatusWords(row.status),
    row.status,
    row.caller_id,
    row.destination,
    row.duration_seconds,
    row.billed_minutes,
    flag(row.has_recording),
    flag(row.voicemail_drop),
    row.source,
    ...timeValues(row.created_at),
    ...timeValues(row.updated_at),
    row.owner_email ?? PLACED_ELSEWHERE,
    row.outcome_label,
    row.note,
    ...metadataValues(row.metadata),
  ]
  return { header, values }
}
