import type { Database } from 'better-sqlite3'

export interface CallerIdRow {
  id: string
  account_id: string
  phone_number: string
  validation_code: string
  started_at_ms: number
  verified_at_ms: number | null
}

export function createCallerIdQueries(db: Database) {
  const byNumber = db.prepare<[string, string], CallerIdRow>(
    'SELECT * FROM caller_ids WHERE account_id = ? AND phone_number = ?',
  )
  const insert =
    db.prepare(`INSERT INTO caller_ids (id, account_id, phone_number, validation_code, started_at_ms, verified_at_ms)
    VALUES (@id, @account_id, @phone_number, @validation_code, @started_at_ms, @verified_at_ms)`)
  const restart = db.prepare(
    'UPDATE caller_ids SET validation_code = ?, started_at_ms = ?, verified_at_ms = ? WHERE id = ?',
  )
  const verified = db.prepare<[string, number], CallerIdRow>(
    `SELECT * FROM caller_ids WHERE account_id = ? AND verified_at_ms IS NOT NULL AND verified_at_ms <= ?
     ORDER BY verified_at_ms, id`,
  )
  return {
    findByNumber: (accountId: string, phoneNumber: string) => byNumber.get(accountId, phoneNumber),
    insert: (row: CallerIdRow) => insert.run(row),
    restart: (id: string, code: string, startedAtMs: number, verifiedAtMs: number | null) =>
      restart.run(code, startedAtMs, verifiedAtMs, id),
    listVerified: (accountId: string, now: number) => verified.all(accountId, now),
  }
}
