// An admin's one call allowed outside the callee's calling hours (issue 52, item 2). Used by one placement only:
// the use is one UPDATE that holds only while the row is unused, so of two placements at once (two tabs, two
// instances) one takes it and the other is refused.
import { randomBytes } from 'node:crypto'
import type { ConsoleDb } from './database'

export interface CallingHoursExceptionRow {
  id: string
  phoneNumber: string
  reason: string
  allowedBy: string
  allowedAt: number
  expiresAt: number
}

export function createCallingHoursExceptionQueries(db: ConsoleDb) {
  return {
    async allow(exception: Omit<CallingHoursExceptionRow, 'id'>): Promise<CallingHoursExceptionRow> {
      const row = { id: randomBytes(12).toString('hex'), ...exception }
      await db
        .insertInto('calling_hours_exceptions')
        .values({
          id: row.id,
          phone_number: row.phoneNumber,
          reason: row.reason,
          allowed_by: row.allowedBy,
          allowed_at: row.allowedAt,
          expires_at: row.expiresAt,
        })
        .execute()
      return row
    },

    /** Takes the number's oldest unused, unexpired exception for this placement; null when there is none to take. */
    async use(phoneNumber: string, userId: string, now: number): Promise<CallingHoursExceptionRow | null> {
      const open = await db
        .selectFrom('calling_hours_exceptions')
        .selectAll()
        .where('phone_number', '=', phoneNumber)
        .where('expires_at', '>', now)
        .where('used_at', 'is', null)
        .orderBy('allowed_at')
        .limit(1)
        .executeTakeFirst()
      if (!open) return null
      const taken = await db
        .updateTable('calling_hours_exceptions')
        .set({ used_at: now, used_by: userId })
        .where('id', '=', open.id)
        .where('used_at', 'is', null)
        .executeTakeFirst()
      if (Number(taken.numUpdatedRows) !== 1) return null
      return {
        id: open.id,
        phoneNumber: open.phone_number,
        reason: open.reason,
        allowedBy: open.allowed_by,
        allowedAt: Number(open.allowed_at),
        expiresAt: Number(open.expires_at),
      }
    },
  }
}
