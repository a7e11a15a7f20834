import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type * as z from 'zod/mini'
import type { ProblemDetails } from '../contract/schemas'

const PROBLEM_BASE = 'https://voice-dashboard.dev/problems/'

export type FieldError = { field: string; message: string }

/** Thrown anywhere in a handler; the one error handler turns it into problem+json. */
export class ProblemError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly title: string,
    readonly detail: string,
    readonly options: { type?: string; errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(detail)
  }
}

export function problemBody(
  status: number,
  title: string,
  detail: string,
  type?: string,
  errors?: FieldError[],
): ProblemDetails {
  const body: ProblemDetails = { type: type ? PROBLEM_BASE + type : 'about:blank', title, status, detail }
  if (errors) body.errors = errors
  return body
}

export function problemResponse(c: Context, error: ProblemError): Response {
  const { status, title, detail, options } = error
  for (const [name, value] of Object.entries(options.headers ?? {})) c.header(name, value)
  return c.body(JSON.stringify(problemBody(status, title, detail, options.type, options.errors)), status, {
    'Content-Type': 'application/problem+json',
  })
}

export const badRequest = (detail: string, errors?: FieldError[]) =>
  new ProblemError(400, errors ? 'Your request has invalid fields' : 'Bad request', detail, {
    type: errors ? 'validation-error' : 'bad-request',
    errors,
  })

/** Both paged lists (calls and usage history) refuse a cursor they did not issue in the same words. */
export const invalidCursor = () =>
  badRequest(
    'The cursor is not valid. Use the next_cursor of a previous response, or leave it out for the first page.',
    [{ field: 'cursor', message: 'The cursor is not valid.' }],
  )

export const notFound = (detail: string) => new ProblemError(404, 'Not found', detail, { type: 'not-found' })

/** zod issues as `errors[]`, with field names as in the API (dotted for nested ones). */
function fieldErrors(error: z.core.$ZodError, prefix: string[] = []): FieldError[] {
  return error.issues.map((issue) => ({
    field: [...prefix, ...issue.path.map(String)].join('.') || 'body',
    message: issue.message,
  }))
}

export function validationProblem(error: z.core.$ZodError, what: string): ProblemError {
  const errors = fieldErrors(error)
  const names = [...new Set(errors.map((entry) => entry.field))].join(', ')
  return badRequest(`Some ${what} are not valid: ${names}. See errors for each one.`, errors)
}
