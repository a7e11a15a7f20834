import type { Database } from 'better-sqlite3'

// Migrations run in order; PRAGMA user_version records how many have been applied.
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

  CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    api_key TEXT NOT NULL UNIQUE,
    seed_name TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    status TEXT NOT NULL,
    payment_method TEXT NOT NULL,
    contract_start_ms INTEGER NOT NULL,
    contract_end_ms INTEGER NOT NULL,
    ramp_up_ends_ms INTEGER NOT NULL,
    committed_minutes INTEGER NOT NULL,
    tier_name TEXT NOT NULL,
    tier_rate_per_minute_dc INTEGER NOT NULL,
    tier_max_minutes INTEGER NOT NULL
  );

  -- Transition times are columns so "status at query time" is a range condition on an index.
  CREATE TABLE calls (
    seq INTEGER PRIMARY KEY,
    call_id TEXT NOT NULL UNIQUE,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    caller_id TEXT NOT NULL,
    destination TEXT NOT NULL,
    record INTEGER NOT NULL,
    metadata TEXT NOT NULL,
    source TEXT NOT NULL,
    created_at_ms INTEGER NOT NULL,
    ringing_at_ms INTEGER NOT NULL,
    ended_at_ms INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    duration_seconds INTEGER NOT NULL,
    billed_minutes INTEGER NOT NULL,
    voicemail_drop INTEGER NOT NULL
  );
  -- Covers the unfiltered list (the dashboard's main page): a page is read from the index alone.
  CREATE INDEX calls_by_created ON calls (account_id, created_at_ms, seq,
    call_id, caller_id, destination, ringing_at_ms, ended_at_ms, outcome, duration_seconds, billed_minutes);
  CREATE INDEX calls_by_outcome ON calls (account_id, outcome, created_at_ms, seq);
  CREATE INDEX calls_by_end ON calls (account_id, ended_at_ms);

  -- Planned billed minutes per account and period, added when a call is created.
  CREATE TABLE usage_periods (
    account_id TEXT NOT NULL,
    period_start_ms INTEGER NOT NULL,
    planned_minutes INTEGER NOT NULL,
    PRIMARY KEY (account_id, period_start_ms)
  ) WITHOUT ROWID;

  CREATE TABLE caller_ids (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    phone_number TEXT NOT NULL,
    validation_code TEXT NOT NULL,
    started_at_ms INTEGER NOT NULL,
    verified_at_ms INTEGER,
    UNIQUE (account_id, phone_number)
  );

  CREATE TABLE idempotency_keys (
    account_id TEXT NOT NULL,
    scope TEXT NOT NULL,
    key TEXT NOT NULL,
    body_hash TEXT NOT NULL,
    status_code INTEGER NOT NULL,
    response TEXT NOT NULL,
    created_at_ms INTEGER NOT NULL,
    PRIMARY KEY (account_id, scope, key)
  ) WITHOUT ROWID;
  CREATE INDEX idempotency_by_age ON idempotency_keys (created_at_ms);
  `,
]

export function migrate(db: Database): void {
  const applied = db.pragma('user_version', { simple: true }) as number
  for (let version = applied; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version] ?? '')
      db.pragma(`user_version = ${version + 1}`)
    })()
  }
}
