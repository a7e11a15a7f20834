// Turns the new-call form into the request body, or into messages per field.
// The contract's createCallRequest has the last word, after the phone and
// metadata checks that can say more precisely what is wrong.
import { isApiError } from '@/api/client'
import { type CreateCallRequest, createCallRequest } from '@/api/schemas'
import type { PhoneValue } from '@/lib/phone'
import { type MetadataCheck, type MetadataRow, validateMetadata } from './metadata-validation'

export const NEW_CALL_FIELDS = ['caller_id', 'destination', 'record', 'metadata'] as const
export type NewCallField = (typeof NEW_CALL_FIELDS)[number]
export type NewCallErrors = Partial<Record<NewCallField, string>>

export interface NewCallDraft {
  callerId: string
  destination: PhoneValue
  record: boolean
  metadataRows: MetadataRow[]
}

export interface NewCallCheck {
  body: CreateCallRequest | null
  errors: NewCallErrors
  metadata: MetadataCheck
}

/** `submitted` turns on the messages that would nag while the person is still filling the form in. */
export function checkNewCall(draft: NewCallDraft, { submitted }: { submitted: boolean }): NewCallCheck {
  const metadata = validateMetadata(draft.metadataRows, { requireKeys: submitted })
  const errors: NewCallErrors = {}
  if (!draft.callerId) errors.caller_id = 'Choose the caller ID the callee will see.'
  if (draft.destination.error) errors.destination = draft.destination.error
  else if (!draft.destination.e164) errors.destination = 'Enter the number to call.'
  if (metadata.formError) errors.metadata = metadata.formError

  if (Object.keys(errors).length > 0 || !metadata.metadata) return { body: null, errors, metadata }
  const parsed = createCallRequest.safeParse({
    caller_id: draft.callerId,
    destination: draft.destination.e164,
    record: draft.record,
    metadata: metadata.metadata,
  })
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(String(issue.path[0] ?? ''))
      if (field) errors[field] ??= issue.message
    }
    return { body: null, errors, metadata }
  }
  return { body: parsed.data, errors, metadata }
}

/** Which form field an API error path such as `metadata.ticket` or `body.destination` belongs to. */
export function fieldOf(path: string): NewCallField | null {
  const segments = path.split(/[.[\]/]+/).filter(Boolean)
  const name = segments[0] === 'body' ? segments[1] : segments[0]
  return NEW_CALL_FIELDS.find((field) => field === name) ?? null
}

/** The API's field errors sorted into form fields; the rest are returned as text for the form's alert. */
export function apiFieldErrors(error: unknown): { fields: NewCallErrors; other: string[] } {
  const fields: NewCallErrors = {}
  const other: string[] = []
  if (!isApiError(error)) return { fields, other }
  for (const { field, message } of error.problem?.errors ?? []) {
    const target = fieldOf(field)
    if (target) fields[target] ??= message
    else other.push(field ? `${field}: ${message}` : message)
  }
  return { fields, other }
}
