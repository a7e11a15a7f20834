// A route's query string, validated by @hono/zod-validator against its schema through the same hook as bodies
// (validation-refusal.ts): a query that does not fit is a 400 problem naming the field, never the validator's JSON.
import { zValidator } from '@hono/zod-validator'
import * as z from 'zod/mini'
import { type Refusal, refusalHook } from './validation-refusal'

type Sent = Record<string, string | string[]>

/**
 * A parameter given twice is read as its first value, as `c.req.query()` reads it, unless the route reads it as a
 * list (`lists`: `?call_id=a&call_id=b`), which then always arrives as an array.
 */
function asRead(query: Sent, lists: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => {
      if (lists.includes(name)) return [name, Array.isArray(value) ? value : [value]]
      return [name, Array.isArray(value) ? value[0] : value]
    }),
  )
}

export function queryString<T extends z.core.$ZodType>(
  schema: T,
  refusal: Refusal,
  options: { lists?: readonly string[] } = {},
) {
  const lists = options.lists ?? []
  const hook = refusalHook(refusal)
  return zValidator(
    'query',
    schema,
    (result, c) => (result.success ? undefined : hook({ ...result, data: asRead(result.data as Sent, lists) }, c)),
    // The validator's type asks for classic zod's result, which zod/mini's is at run time.
    { validationFunction: (inner, query) => z.safeParseAsync(inner, asRead(query, lists)) as Promise<never> },
  )
}
