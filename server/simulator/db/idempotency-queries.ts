import type { Database } from 'better-sqlite3'

export interface IdempotencyRow {
  body_hash: string
  status_code: number
  response: string
}

const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000

export function createIdempotencyQueries(db: Database) {
  const find = db.prepare<[string, string, string, number], IdempotencyRow>(
    `SELECT body_hash, status_code, response FROM idempotency_keys
     WHERE account_id = ? AND scope = ? AND key = ? AND created_at_ms > ?`,
  )
  const save = db.prepare(`INSERT OR REPLACE INTO idempotency_keys
    (account_id, scope, key, body_hash, status_code, response, created_at_ms) VALUES (?, ?, ?, ?, ?, ?, ?)`)
  const purge = db.prepare('DELETE FROM idempotency_keys WHERE created_at_ms <= ?')
  return {
    find: (accountId: string, scope: string, key: string, now: number) =>
      find.get(accountId, scope, key, now - IDEMPOTENCY_TTL_MS),
    save: (
      accountId: string,
      scope: string,
      key: string,
      bodyHash: string,
      status: number,
      response: unknown,
      now: number,
    ) => save.run(accountId, scope, key, bodyHash, status, JSON.stringify(response), now),
    purgeExpired: (now: number) => purge.run(now - IDEMPOTENCY_TTL_MS),
  }
}
