// "Call again" fills the form from a finished call's request (see shared/call-again-state.ts).
// What arrives is untrusted, so each field is checked on its own by the contract's
// createCallRequest rules, and one that fails starts empty instead of failing the rest.
// The result has the draft's shape, so the form starts from a prefill exactly as from a draft.
import * as z from 'zod/mini'
import { callId, createCallRequest, metadataKey, recordFlag } from '@/api/contract/schemas'
import { formatMetadataValue } from '@/lib/format'
import type { NewCallDraftValues } from './new-call-draft'
import { newMetadataRow } from './new-call-schema'

export interface NewCallPrefill {
  /** "Call again" on a call, or a link (another tool's, a `tel:` link's, the command palette's). */
  from: 'call' | 'link'
  /** The call it was filled in from, when that is a call ID. */
  fromCallId: string | null
  /** No submission: a new call is a new request, with a new Idempotency-Key. */
  values: Omit<NewCallDraftValues, 'submission'>
}

const callAgainSchema = z.object({
  fromCallId: z.catch(z.nullable(callId), null),
  request: z.object({
    caller_id: z.catch(createCallRequest.shape.caller_id, ''),
    destination: z.catch(createCallRequest.shape.destination, ''),
    record: z.catch(recordFlag, false),
    metadata: z.catch(z.record(z.string(), z.unknown()), {}),
  }),
})

// The form sends every value as a string: null, which has no text, becomes an empty value, and a
// nested value its JSON text (as the call page shows it).
const metadataText = (value: unknown): string => (value === null ? '' : formatMetadataValue(value))

/** The form's starting values from a "Call again" state, or null when there is none to read. */
export function readNewCallPrefill(state: unknown): NewCallPrefill | null {
  const parsed = callAgainSchema.safeParse(state)
  if (!parsed.success) return null
  const { fromCallId, request } = parsed.data
  const metadataRows = Object.entries(request.metadata).flatMap(([key, value]) =>
    metadataKey.safeParse(key).success ? [newMetadataRow(key, metadataText(value))] : [],
  )
  return {
    from: 'call',
    fromCallId,
    values: {
      callerId: request.caller_id,
      destination: request.destination,
      record: request.record,
      metadataRows,
    },
  }
}
