// The subject-access export: what the console's store holds about one number, as one JSON document a person can read,
// with times in ISO 8601 and a count per section (the audit entry holds the counts, never the number).
import type { SubjectRecords } from '../store/subject-records'

/** Epoch-millisecond fields (`*_at`) written as ISO 8601, everywhere in the records. */
function withIsoTimes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withIsoTimes)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key.endsWith('_at') && inner !== null && (typeof inner === 'number' || typeof inner === 'string')
        ? new Date(Number(inner)).toISOString()
        : withIsoTimes(inner),
    ]),
  )
}

export function subjectAccessExport(e164: string, at: number, records: SubjectRecords, auditValues: unknown) {
  const counts = {
    calls: records.calls.length,
    notes: records.notes.length,
    outcomes: records.outcomes.length,
    scores: records.scores.length,
    contacts: records.contacts.length,
    callbacks: records.callbacks.length,
    note_mentions: records.mentions.notes.length,
    call_metadata_mentions: records.mentions.call_metadata.length,
    do_not_call: records.do_not_call ? 1 : 0,
    calling_hours_exceptions: records.calling_hours_exceptions.length,
  }
  return {
    phone_number: e164,
    exported_at: new Date(at).toISOString(),
    counts,
    ...(withIsoTimes(records) as SubjectRecords),
    // Null until the audit trail keeps personal values apart from its chain (issue 52, item 5's other half).
    audit_trail: auditValues,
    not_held_here:
      'The voice service keeps its own record of each call and its recording; ask its operator for them. The console cannot delete them through the API.',
  }
}
