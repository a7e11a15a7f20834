import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type * as z from 'zod/mini'
import { badRequest, ProblemError, validationProblem } from './problem'

const MAX_BODY_BYTES = 64 * 1024

// Valid bodies nest two levels (body, metadata); 32 leaves room for any honest client and keeps
// the recursive walks after the check (reserved keys, zod, the idempotency hash) far from the stack limit.
export const MAX_BODY_DEPTH = 32

export const limitBody = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new ProblemError(
      413,
      'Request body too large',
      `Request bodies can be at most ${MAX_BODY_BYTES / 1024} KiB.`,
      {
        type: 'payload-too-large',
      },
    )
  },
})

/** Reads, parses and validates a JSON object body; every failure is a 400 naming what is wrong. */
export async function readJsonBody<T extends z.ZodMiniType>(c: Context, schema: T): Promise<z.output<T>> {
  const contentType = c.req.header('content-type') ?? ''
  if (!/^application\/(.+\+)?json\s*(;|$)/i.test(contentType)) {
    throw badRequest('Send the request body as JSON with the header Content-Type: application/json.')
  }
  const text = await c.req.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw badRequest('The request body is not valid JSON.')
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object.')
  }
  if (nestsDeeperThan(body, MAX_BODY_DEPTH)) {
    throw badRequest(
      `The request body is nested too deeply. Objects and arrays can be nested at most ${MAX_BODY_DEPTH} levels deep.`,
    )
  }
  const reserved = reservedKeys(body)
  if (reserved.length > 0) {
    throw badRequest(
      'The key __proto__ is reserved. Use another key.',
      reserved.map((field) => ({ field, message: 'The key __proto__ is reserved. Use another key.' })),
    )
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw validationProblem(parsed.error, 'fields')
  return parsed.data
}

// Iterative, with the depth carried beside each value, so no input can exhaust the call stack;
// the top-level object is level 1.
function nestsDeeperThan(root: object, max: number): boolean {
  const pending: Array<{ value: object; depth: number }> = [{ value: root, depth: 1 }]
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.depth > max) return true
    for (const child of Object.values(next.value)) {
      if (child !== null && typeof child === 'object') pending.push({ value: child, depth: next.depth + 1 })
    }
  }
  return false
}

// JSON.parse keeps "__proto__" as an own key, but copying it into a new object would set the
// prototype and silently drop it, so it is refused wherever it appears.
function reservedKeys(value: unknown, path: string[] = []): string[] {
  if (value === null || typeof value !== 'object') return []
  return Object.keys(value).flatMap((key) => {
    const here = [...path, key]
    const nested = reservedKeys((value as Record<string, unknown>)[key], here)
    return key === '__proto__' ? [here.join('.'), ...nested] : nested
  })
}

/** Query parameters validated like a body; repeated parameters count as invalid. */
export function readQuery<T extends z.ZodMiniType>(c: Context, schema: T): z.output<T> {
  const raw: Record<string, string> = {}
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (values.length > 1) throw badRequest(`Send the query parameter ${name} only once.`)
    raw[name] = values[0] ?? ''
  }
  const parsed = schema.safeParse(raw)
  if (!parsed.success) throw validationProblem(parsed.error, 'query parameters')
  return parsed.data
}
