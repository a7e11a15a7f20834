// The console's 400 for a body that does not fit its schema: one sentence for the person,
// and each field's own message for the form that sent it.
import type { Context } from 'hono'
import type * as z from 'zod/mini'
import { PLAIN_TEXT_ERROR } from '../../../src/api/contract/call-query'
import { sendProblem } from './problem'

export function sendInvalidFields(
  c: Context,
  error: z.core.$ZodError,
  detail: string,
  title = 'Your request has invalid fields',
): Response {
  const errors = error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }))
  // A control character is invisible where it was typed or pasted: the sentence names the field that holds it.
  const unreadable = errors.find((issue) => issue.message === PLAIN_TEXT_ERROR)
  const sentence = unreadable
    ? `“${unreadable.field}” holds a control character (such as NUL) or a broken character; remove it and try again.`
    : detail
  return sendProblem(c, 400, title, sentence, { errors })
}

/** The JSON body, or undefined when it is not JSON (the schema then says what is missing). */
export const jsonBody = (c: Context): Promise<unknown> => c.req.json().catch(() => undefined)
