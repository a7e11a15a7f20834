// Audits a simulator database file from outside the server, read-only, the way a crash test
// needs it: is the file sound, and do the idempotency records of POST /calls agree with the calls?
import { isDeepStrictEqual } from 'node:util'
import BetterSqlite3 from 'better-sqlite3'
import type { CreateCallResponse } from '../contract/schemas'
import { toTimestamp } from '../domain/time'

export interface AnsweredCall {
  apiKey: string
  idempotencyKey: string
  answer: CreateCallResponse
}

interface RecordRow {
  account_id: string
  key: string
  response: string
  call_id: string | null
  call_account_id: string | null
  caller_id: string | null
  destination: string | null
  record: number | null
  metadata: string | null
  created_at_ms: number | null
}

/** The created call's fields as the calls table holds them, in the shape of the 201 body. */
function callAsAnswered(row: RecordRow) {
  return {
    call_id: row.call_id,
    caller_id: row.caller_id,
    destination: row.destination,
    created_at: row.created_at_ms === null ? null : toTimestamp(row.created_at_ms),
    recording: { enabled: row.record === 1 },
    metadata: row.metadata === null ? null : JSON.parse(row.metadata),
  }
}

/**
 * Every inconsistency found, one readable line each; empty when the database is sound.
 * The test's calls carry their Idempotency-Key in `metadata[keyField]`, so a call is tied to its
 * key by what the client sent, not by anything the server wrote.
 */
export function auditCallsDatabase(file: string, answered: Iterable<AnsweredCall>, keyField: string): string[] {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true })
  try {
    const problems: string[] = []
    const integrity = db.pragma('integrity_check', { simple: true })
    if (integrity !== 'ok') problems.push(`integrity_check: ${String(integrity)}`)
    const foreignKeys = db.pragma('foreign_key_check') as unknown[]
    if (foreignKeys.length > 0) problems.push(`foreign_key_check: ${JSON.stringify(foreignKeys)}`)

    const records = db
      .prepare<[], RecordRow>(
        `SELECT k.account_id, k.key, k.response, c.call_id, c.account_id AS call_account_id,
           c.caller_id, c.destination, c.record, c.metadata, c.created_at_ms
         FROM idempotency_keys k LEFT JOIN calls c ON c.call_id = json_extract(k.response, '$.call_id')
         WHERE k.scope = 'calls'`,
      )
      .all()
    const recordOf = new Map(records.map((row) => [`${row.account_id} ${row.key}`, row]))
    for (const row of records) {
      const label = `idempotency record ${row.key}`
      if (row.call_id === null) {
        problems.push(`${label} points at no call: ${row.response}`)
        continue
      }
      if (row.call_account_id !== row.account_id) problems.push(`${label} points at a call of another account`)
      const stored = JSON.parse(row.response) as Record<string, unknown>
      const call = callAsAnswered(row)
      const storedFields = Object.fromEntries(Object.keys(call).map((field) => [field, stored[field]]))
      if (!isDeepStrictEqual(storedFields, call)) {
        problems.push(`${label} disagrees with its call: ${JSON.stringify(storedFields)} vs ${JSON.stringify(call)}`)
      }
      if (call.metadata?.[keyField] !== row.key) problems.push(`${label} points at the call of another key`)
    }

    // Each tagged call is the one its key's record names: no call without a record, no duplicate per key.
    const tagged = db
      .prepare<[string], { call_id: string; account_id: string; key: string }>(
        `SELECT call_id, account_id, json_extract(metadata, ?) AS key FROM calls WHERE key IS NOT NULL`,
      )
      .all(`$.${keyField}`)
    for (const call of tagged) {
      if (recordOf.get(`${call.account_id} ${call.key}`)?.call_id !== call.call_id) {
        problems.push(`call ${call.call_id} of key ${call.key} is not the one its idempotency record names`)
      }
    }

    const accountOf = db.prepare<[string], { id: string }>('SELECT id FROM accounts WHERE api_key = ?')
    for (const { apiKey, idempotencyKey, answer } of answered) {
      const row = recordOf.get(`${accountOf.get(apiKey)?.id} ${idempotencyKey}`)
      if (!row) problems.push(`answered key ${idempotencyKey} (${answer.call_id}) has no idempotency record`)
      else if (!isDeepStrictEqual(JSON.parse(row.response), answer)) {
        problems.push(`answered key ${idempotencyKey}: stored response ${row.response} differs from the 201 body`)
      }
    }
    return problems
  } finally {
    db.close()
  }
}
