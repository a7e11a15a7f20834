import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Queries } from '../db/queries'
import type { AppEnv } from '../deps'
import { canonicalHash } from '../domain/canonical'
import { badRequest, ProblemError } from './problem'

// Also the Idempotency-Key schema of the OpenAPI document.
export const IDEMPOTENCY_KEY_FORMAT = /^[\x20-\x7e]{1,255}$/

export interface Created {
  status: ContentfulStatusCode
  body: unknown
}

/**
 * Idempotency-Key handling shared by the POST operations. A key is scoped to the account and
 * the operation and kept 24 h. The create callback runs inside the same transaction that
 * stores the key, so the resource and its key are written together or not at all.
 */
export function createIdempotency(queries: Queries, now: () => number) {
  // Keys whose first request is still being read; a duplicate arriving meanwhile gets 409.
  const inFlight = new Set<string>()
  let lastPurge = 0

  return async function idempotent<T>(
    c: Context<AppEnv>,
    scope: string,
    readBody: () => Promise<T>,
    create: (body: T) => Created,
  ): Promise<Response> {
    const key = c.req.header('idempotency-key')
    if (key !== undefined && !IDEMPOTENCY_KEY_FORMAT.test(key)) {
      throw badRequest('The Idempotency-Key header must be 1 to 255 printable ASCII characters.', [
        { field: 'Idempotency-Key', message: 'Use 1 to 255 printable ASCII characters, such as a UUID.' },
      ])
    }
    const accountId = c.get('account').id
    const flightId = `${accountId}|${scope}|${key}`
    if (key !== undefined && inFlight.has(flightId)) {
      throw new ProblemError(
        409,
        'Request in progress',
        'A request with this Idempotency-Key is still being processed. Retry after it has finished.',
        { type: 'idempotency-in-progress', headers: { 'Retry-After': '1' } },
      )
    }
    if (key !== undefined) inFlight.add(flightId)
    try {
      const body = await readBody()
      const hash = canonicalHash(body)
      const time = now()
      const result = queries.db.transaction((): { replayed: boolean; status: ContentfulStatusCode; json: string } => {
        if (key !== undefined) {
          const previous = queries.idempotency.find(accountId, scope, key, time)
          if (previous && previous.body_hash !== hash) {
            throw new ProblemError(
              422,
              'Idempotency-Key reused',
              'This Idempotency-Key was already used with a different request body. Use a new key for a new request.',
              { type: 'idempotency-key-reused' },
            )
          }
          if (previous) {
            return { replayed: true, status: previous.status_code as ContentfulStatusCode, json: previous.response }
          }
        }
        const created = create(body)
        if (key !== undefined) queries.idempotency.save(accountId, scope, key, hash, created.status, created.body, time)
        return { replayed: false, status: created.status, json: JSON.stringify(created.body) }
      })()
      if (time - lastPurge > 3_600_000) {
        lastPurge = time
        queries.idempotency.purgeExpired(time)
      }
      if (result.replayed) c.header('Idempotent-Replayed', 'true')
      return c.body(result.json, result.status, { 'Content-Type': 'application/json' })
    } finally {
      inFlight.delete(flightId)
    }
  }
}
