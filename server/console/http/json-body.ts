// A route's JSON body, validated by @hono/zod-validator against the contract's schema with one hook for every
// route (validation-refusal.ts, which query strings share): a body that does not fit is refused with the fields named, and one that is not JSON
// at all is a 415 or 400 a person can read, never the validator's bare JSON or a 500 from its thrown error.
import { zValidator } from '@hono/zod-validator'
import type { Context } from 'hono'
import type * as z from 'zod/mini'
import { sendProblem } from './problem'
import { type Refusal, refusalHook } from './validation-refusal'

// The media types Hono's validator reads as JSON: any other body would reach the schema as `{}`.
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i

export function jsonBody<T extends z.core.$ZodType>(schema: T, refusal: Refusal) {
  const validate = zValidator('json', schema, refusalHook(refusal))
  const readable: typeof validate = async (c, next) => (await unreadable(c)) ?? validate(c, next)
  return readable
}

/** The refusal of a body that is not JSON; null when it is (Hono keeps the parsed body for the validator). */
async function unreadable(c: Context): Promise<Response | null> {
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim() ?? ''
  if (!JSON_MEDIA_TYPE.test(mediaType))
    return sendProblem(
      c,
      415,
      'The request body is not JSON',
      'The console reads this request as JSON: send it with Content-Type: application/json.',
    )
  try {
    await c.req.json()
    return null
  } catch {
    return sendProblem(
      c,
      400,
      'The request body is not JSON',
      'The body could not be read as JSON. Reload the console and try again.',
      { errors: [{ field: 'body', message: 'Not valid JSON.' }] },
    )
  }
}
