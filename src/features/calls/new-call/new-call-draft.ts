// The form as it was when a submission failed. A 401 swaps the page for
// Connect and unmounts the form; this brings the typed values back after.
// In memory only: phone numbers and metadata never go to storage.
import type { Submission } from '@/api/idempotent-submit'
import type { MetadataRow } from './new-call-schema'

export interface NewCallDraftValues {
  callerId: string
  /** The E.164 number, which the phone input reads back as typed. */
  destination: string
  record: boolean
  metadataRows: MetadataRow[]
  /** The key of the failed submission: sending the same form again must reuse it. */
  submission: Submission | null
}

let saved: NewCallDraftValues | null = null

export function saveNewCallDraft(values: NewCallDraftValues) {
  saved = values
}

export function readNewCallDraft(): NewCallDraftValues | null {
  return saved
}

export function clearNewCallDraft() {
  saved = null
}
