// What an alert channel's and an integration's answers share: a destination's state, a delivery's attempts (the
// contract's fields after its destination's), and the log's page and cursor. Each feature adds its own fields.
import type { Context } from 'hono'
import { sendProblem } from '../http/problem'
import type { DeliveryAttempts } from '../store/delivery-queue'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** A destination's on/off and since when, as both contracts name them. */
export const destinationStateAnswer = (row: {
  enabled: boolean
  disabledReason: string | null
  createdAt: number
}) => ({
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  createdAt: new Date(row.createdAt).toISOString(),
})

/** A delivery's state and its last attempt, as both contracts name them. */
export const attemptsAnswer = (row: DeliveryAttempts) => ({
  status: row.status,
  attempts: row.attempts,
  createdAt: new Date(row.createdAt).toISOString(),
  lastAttemptAt: iso(row.lastAttemptAt),
  nextAttemptAt: iso(row.nextAttemptAt),
  responseStatus: row.responseStatus,
  responseTimeMs: row.responseTimeMs,
  responseExcerpt: row.responseExcerpt,
})

/** Opaque to the page: the last row's created_at and id. */
const deliveryCursor = (row: { createdAt: number; id: string }) =>
  Buffer.from(`${row.createdAt}:${row.id}`).toString('base64url')

function readDeliveryCursor(text: string): { createdAt: number; id: string } | null {
  const match = /^(\d{1,16}):(msg_[A-Za-z0-9_-]{1,64})$/.exec(Buffer.from(text, 'base64url').toString('utf8'))
  return match ? { createdAt: Number(match[1]), id: match[2] as string } : null
}

/** The page a cursor names (null: the first), or the problem of a cursor that names none. */
export function logCursor(c: Context, cursor: string | undefined) {
  const after = cursor ? readDeliveryCursor(cursor) : null
  if (cursor && !after)
    return sendProblem(c, 400, 'Unknown cursor', 'That page of the log is not known. Start from the first page.', {
      errors: [{ field: 'cursor', message: 'Start from the first page.' }],
    })
  return { after }
}

/** One page of the log from the store's `limit + 1` rows: the extra row says there is a next. */
export function logPageAnswer<Row extends { createdAt: number; id: string }, Answer>(
  rows: Row[],
  limit: number,
  answer: (row: Row) => Answer,
) {
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    deliveries: page.map(answer),
    nextCursor: rows.length > limit && last ? deliveryCursor(last) : null,
  }
}
