// The new-call form's values and their checks. The spec sets no limit on metadata, so the form
// checks only what a form needs (a key for each value, each key once, numbers it can dial);
// a limit the service has is its to say, and its refusal is shown on the field it names.
// The schemas are given to TanStack Form as Standard Schemas.
import * as z from 'zod/mini'
import { isApiError } from '@/api/client'
import { type CreateCallRequest, createCallRequest, metadataKey, recordFlag } from '@/api/contract/schemas'
import type { PhoneValue } from '@/lib/phone'
import { phoneValueToE164 } from '@/lib/phone-schema'

export interface MetadataRow {
  id: string
  key: string
  value: string
}

export interface NewCallValues {
  callerId: string
  destination: PhoneValue
  record: boolean
  metadataRows: MetadataRow[]
}

let nextRowId = 0
export function newMetadataRow(key = '', value = ''): MetadataRow {
  nextRowId += 1
  return { id: `metadata-row-${nextRowId}`, key, value }
}

const isBlank = (row: MetadataRow) => row.key.trim() === '' && row.value === ''

function keyMessage(key: string, requireKeys: boolean): string | null {
  if (key === '') return requireKeys ? 'Enter a key for this value, or remove the row.' : null
  return metadataKey.safeParse(key).error?.issues[0]?.message ?? null
}

/**
 * Blank rows are ignored and keys trimmed. `requireKeys` adds the "missing key"
 * message, which is shown once the person submits, not while they are typing.
 */
function metadataRowsSchema({ requireKeys }: { requireKeys: boolean }) {
  return z.array(z.custom<MetadataRow>()).check(
    z.superRefine((rows, ctx) => {
      const counts = new Map<string, number>()
      for (const row of rows) counts.set(row.key.trim(), (counts.get(row.key.trim()) ?? 0) + 1)
      rows.forEach((row, index) => {
        if (isBlank(row)) return
        const key = row.key.trim()
        const keyError =
          keyMessage(key, requireKeys) ??
          ((counts.get(key) ?? 0) > 1 ? `The key “${key}” is used more than once. Each key must be different.` : null)
        if (keyError) ctx.addIssue({ code: 'custom', path: [index, 'key'], message: keyError })
      })
    }),
  )
}

const toMetadata = (rows: MetadataRow[]): Record<string, string> =>
  Object.fromEntries(rows.filter((row) => !isBlank(row)).map((row) => [row.key.trim(), row.value]))

const destination = z.pipe(phoneValueToE164('Enter the number to call.'), createCallRequest.shape.destination)

/** Checked while typing: only what is wrong however the form ends, so nothing nags half-way. */
export const newCallLiveSchema = z.object({
  callerId: z.string(),
  destination: z.custom<PhoneValue>(),
  record: z.boolean(),
  metadataRows: metadataRowsSchema({ requireKeys: false }),
})

/** Checked on submit; its output is the request body. */
export const newCallSubmitSchema = z.pipe(
  z.object({
    callerId: z.pipe(
      z.string().check(z.minLength(1, { error: 'Choose the caller ID the callee will see.' })),
      createCallRequest.shape.caller_id,
    ),
    destination,
    // The form always has a value, so the contract's default is not wanted here.
    record: recordFlag,
    metadataRows: z.pipe(metadataRowsSchema({ requireKeys: true }), z.transform(toMetadata)),
  }),
  z.transform(
    (value): CreateCallRequest => ({
      caller_id: value.callerId,
      destination: value.destination,
      record: value.record,
      metadata: value.metadataRows,
    }),
  ),
)

/** The form field an API error path such as `metadata.ticket` or `body.destination` belongs to. */
export function fieldOf(path: string): keyof NewCallValues | null {
  const segments = path.split(/[.[\]/]+/).filter(Boolean)
  const name = segments[0] === 'body' ? segments[1] : segments[0]
  const fields: Record<string, keyof NewCallValues> = {
    caller_id: 'callerId',
    destination: 'destination',
    record: 'record',
    metadata: 'metadataRows',
  }
  return (name && fields[name]) || null
}

export type NewCallErrors = Partial<Record<keyof NewCallValues, string>>

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
