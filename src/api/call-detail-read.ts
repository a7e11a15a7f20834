// The call detail as the call page reads it: field by field, so one field in a shape the page cannot
// use (a wrong type, a required field missing) is named on the page instead of failing the call.
// Only a call without a usable call_id fails whole: there is then no call to show.
import * as z from 'zod/mini'
import { callDetail } from './contract/schemas'
import { parseFieldByField, type UnreadableField } from './field-by-field'

type DetailFields = { [K in keyof typeof callDetail.shape]: z.output<(typeof callDetail.shape)[K]> }

/** The detail's fields as read; `status` may be missing when the service sent none the page could read. */
export type CallDetailView = Omit<DetailFields, 'status'> & { status: DetailFields['status'] | undefined }

export interface CallDetailRead {
  call: CallDetailView
  /** The fields the page could not read, each with the value as the service sent it. */
  unreadable: UnreadableField[]
}

export const callDetailRead = z.pipe(
  z.unknown(),
  z.transform((data, ctx): CallDetailRead => {
    const read = parseFieldByField(callDetail.shape, data)
    const callId = read?.value.call_id
    if (!read || callId === undefined) {
      ctx.issues.push({
        code: 'custom',
        path: ['call_id'],
        message: read ? 'no call ID starting with call_' : 'not a JSON object',
        input: data,
      })
      return z.NEVER
    }
    return { call: { ...read.value, call_id: callId } as CallDetailView, unreadable: read.unreadable }
  }),
)
