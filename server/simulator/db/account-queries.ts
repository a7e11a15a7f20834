import type { Database } from 'better-sqlite3'

export interface AccountRow {
  id: string
  api_key: string
  seed_name: string
  name: string
  status: string
  payment_method: string
  contract_start_ms: number
  contract_end_ms: number
  ramp_up_ends_ms: number
  committed_minutes: number
  tier_name: string
  tier_rate_per_minute_dc: number
  tier_max_minutes: number
}

export function createAccountQueries(db: Database) {
  const all = db.prepare<[], AccountRow>('SELECT * FROM accounts')
  const setKey = db.prepare('UPDATE accounts SET api_key = ? WHERE seed_name = ?')
  const insert =
    db.prepare(`INSERT INTO accounts (id, api_key, seed_name, name, status, payment_method, contract_start_ms,
      contract_end_ms, ramp_up_ends_ms, committed_minutes, tier_name, tier_rate_per_minute_dc, tier_max_minutes)
    VALUES (@id, @api_key, @seed_name, @name, @status, @payment_method, @contract_start_ms, @contract_end_ms,
      @ramp_up_ends_ms, @committed_minutes, @tier_name, @tier_rate_per_minute_dc, @tier_max_minutes)`)
  const getMeta = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?')
  const setMeta = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)')
  return {
    all: () => all.all(),
    insert: (row: AccountRow) => insert.run(row),
    /** Keys come from configuration, so a changed key applies to an existing database. */
    setKey: (seedName: string, apiKey: string) => setKey.run(apiKey, seedName),
    getMeta: (key: string) => getMeta.get(key)?.value,
    setMeta: (key: string, value: string) => setMeta.run(key, value),
  }
}
