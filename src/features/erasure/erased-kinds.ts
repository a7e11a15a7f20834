import type { Erasure } from '@/api/contract/erasure-schemas'

/** What each count of an erasure is, in words (server/console/erasure/README.md says how each is erased). */
const ERASED_KIND_LABELS: Record<keyof Erasure['erased'], string> = {
  calls: 'Calls to or from the number (kept under a pseudonym)',
  call_metadata: 'Other calls whose metadata named it',
  notes: 'Notes of its calls',
  note_mentions: 'Other notes that named it',
  outcomes: 'Outcomes of its calls',
  contacts: 'Call-list contacts (kept under a pseudonym)',
  contact_mentions: 'Other contacts and lists that named it',
  callbacks: 'Callbacks (open ones cancelled)',
  callback_mentions: 'Other callbacks that named it',
  calling_hours_exceptions: 'Calls allowed outside calling hours',
  deliveries: 'Webhook and alert deliveries',
  alerts: 'Alerts',
  live_entries: 'Live board entries',
  saved_views: 'Saved views',
  scores: 'Scores of its calls',
  score_mentions: 'Other scores’ comments that named it',
}

/** The kinds an erasure changed anything of, with their counts, in the labels' order. */
export const erasedCounts = (erased: Erasure['erased']) =>
  (Object.keys(ERASED_KIND_LABELS) as (keyof Erasure['erased'])[])
    .filter((kind) => (erased[kind] ?? 0) > 0)
    .map((kind) => ({ kind, label: ERASED_KIND_LABELS[kind], count: erased[kind] ?? 0 }))
