// "Call again" fills the form from a finished call's request (see shared/call-again-state.ts).
// What arrives is untrusted, so each field is checked on its own by the contract's
// createCallRequest rules, and one that fails starts empty instead of failing the rest.
// The result has the draft's shape, so the form starts from a prefill exactly as from a draft.
import { z } from 'zod'
import { callId, createCallRequest, METADATA_LIMITS, metadata, metadataValue } from '@/api/schemas'
import type { NewCallDraftValues } from './new-call-draft'
import { newMetadataRow } from './new-call-schema'

export interface NewCallPrefill {
  /** The call it was filled in from, when that is a call ID. */
  fromCallId: string | null
  /** No submission: a new call is a new request, with a new Idempotency-Key. */
  values: Omit<NewCallDraftValues, 'submission'>
}

const callAgainSchema = z.object({
  fromCallId: callId.nullable().catch(null),
  request: z.object({
    caller_id: createCallRequest.shape.caller_id.catch(''),
    destination: createCallRequest.shape.destination.catch(''),
    record: createCallRequest.shape.record.unwrap().catch(false),
    metadata: z.record(z.string(), z.unknown()).catch({}),
  }),
})

const metadataKey = metadata.keyType

// The form sends every value as a string; null, which has no text, becomes an empty value.
function metadataText(value: unknown): string | null {
  const parsed = metadataValue.safeParse(value)
  if (!parsed.success) return null
  return parsed.data === null ? '' : String(parsed.data)
}

/** The form's starting values from a "Call again" state, or null when there is none to read. */
export function readNewCallPrefill(state: unknown): NewCallPrefill | null {
  const parsed = callAgainSchema.safeParse(state)
  if (!parsed.success) return null
  const { fromCallId, request } = parsed.data
  const metadataRows = Object.entries(request.metadata)
    .flatMap(([key, value]) => {
      const text = metadataText(value)
      return metadataKey.safeParse(key).success && text !== null ? [newMetadataRow(key, text)] : []
    })
    .slice(0, METADATA_LIMITS.maxKeys)
  return {
    fromCallId,
    values: {
      callerId: request.caller_id,
      destination: request.destination,
      record: request.record,
      metadataRows,
    },
  }
}
