// The one hook through which @hono/zod-validator answers a request part that does not fit its schema, a JSON body
// (json-body.ts) or a query string (query-string.ts) alike: RFC 9457 problem+json naming each field in words.
import type { Context } from 'hono'
import type * as z from 'zod/mini'
import { sendInvalidFields } from './invalid-fields'

/**
 * What a route says when a request part does not fit: the sentence for the person (with the title, when the route
 * has its own), or its own answer, given what was sent.
 */
export type Refusal =
  | string
  | { detail: string; title: string }
  | ((c: Context, error: z.core.$ZodError, sent: Record<string, unknown>) => Response)

type Result = { success: true } | { success: false; error: z.core.$ZodError; data: unknown }

export function refusalHook(refusal: Refusal) {
  return (result: Result, c: Context): Response | undefined => {
    if (result.success) return undefined
    if (typeof refusal === 'string') return sendInvalidFields(c, result.error, refusal)
    if (typeof refusal === 'object') return sendInvalidFields(c, result.error, refusal.detail, refusal.title)
    const sent = typeof result.data === 'object' && result.data !== null ? (result.data as Record<string, unknown>) : {}
    return refusal(c, result.error, sent)
  }
}
