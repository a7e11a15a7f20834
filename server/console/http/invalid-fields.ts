// The console's 400 for a body that does not fit its schema: one sentence for the person,
// and each field's own message for the form that sent it.
import type { Context } from 'hono'
import type * as z from 'zod/mini'
import { sendProblem } from './problem'

export function sendInvalidFields(
  c: Context,
  error: z.core.$ZodError,
  detail: string,
  title = 'Your request has invalid fields',
): Response {
  const errors = error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }))
  return sendProblem(c, 400, title, detail, { errors })
}

/** The JSON body, or undefined when it is not JSON (the schema then says what is missing). */
export const jsonBody = (c: Context): Promise<unknown> => c.req.json().catch(() => undefined)
