import type { Database } from 'better-sqlite3'
import type { CallStatus } from '../contract/schemas'
import type { CallOutcome, CallPlan } from '../domain/call-plan'

export interface CallRow {
  seq: number
  call_id: string
  account_id: string
  caller_id: string
  destination: string
  record: number
  metadata: string
  source: string
  created_at_ms: number
  ringing_at_ms: number
  ended_at_ms: number
  outcome: CallOutcome
  duration_seconds: number
  billed_minutes: number
  voicemail_drop: number
}

export type CallStateRow = Pick<
  CallRow,
  | 'call_id'
  | 'account_id'
  | 'created_at_ms'
  | 'ringing_at_ms'
  | 'ended_at_ms'
  | 'outcome'
  | 'duration_seconds'
  | 'billed_minutes'
>

export interface NewCall {
  callId: string
  accountId: string
  callerId: string
  destination: string
  record: boolean
  metadata: Record<string, unknown>
  source: string
  plan: CallPlan
  periodStartMs: number
}

export interface ListCallsParams {
  accountId: string
  now: number
  status?: CallStatus
  fromMs?: number
  toMs?: number
  /** Keyset position: the (created_at_ms, seq) of the last row of the previous page. */
  after?: readonly [number, number]
  limit: number
}

const LIST_COLUMNS = `seq, call_id, caller_id, destination, created_at_ms, ringing_at_ms, ended_at_ms, outcome, duration_seconds, billed_minutes`
// @upper folds the to_date filter and the cursor into one bound, so the index range starts
// at the cursor and a deep page costs what the first page costs.
const RANGE = `account_id = @account AND created_at_ms >= @from AND created_at_ms < @upper
  AND (created_at_ms, seq) < (@afterCreated, @afterSeq)`
const ORDER = `ORDER BY created_at_ms DESC, seq DESC LIMIT @limit`

// One statement per status filter, each steered to the index that makes it a range scan:
// finished statuses walk (outcome, created_at); in-progress ones start from the few calls
// whose end is still in the future.
const LIST_SQL: Record<CallStatus | 'ANY', string> = {
  ANY: `SELECT ${LIST_COLUMNS} FROM calls INDEXED BY calls_by_created WHERE ${RANGE} ${ORDER}`,
  DIALER_COMPLETED: `SELECT ${LIST_COLUMNS} FROM calls INDEXED BY calls_by_outcome
    WHERE outcome = 'DIALER_COMPLETED' AND ended_at_ms <= @now AND ${RANGE} ${ORDER}`,
  DIALER_FAILED: `SELECT ${LIST_COLUMNS} FROM calls INDEXED BY calls_by_outcome
    WHERE outcome = 'DIALER_FAILED' AND ended_at_ms <= @now AND ${RANGE} ${ORDER}`,
  DIALER_RINGING: `SELECT ${LIST_COLUMNS} FROM calls INDEXED BY calls_by_end
    WHERE ended_at_ms > @now AND ringing_at_ms <= @now AND ${RANGE} ${ORDER}`,
  DIALER_INITIATED: `SELECT ${LIST_COLUMNS} FROM calls INDEXED BY calls_by_end
    WHERE ended_at_ms > @now AND ringing_at_ms > @now AND ${RANGE} ${ORDER}`,
}

export type CallListRow = Pick<
  CallRow,
  | 'seq'
  | 'call_id'
  | 'caller_id'
  | 'destination'
  | 'created_at_ms'
  | 'ringing_at_ms'
  | 'ended_at_ms'
  | 'outcome'
  | 'duration_seconds'
  | 'billed_minutes'
>

export function createCallQueries(db: Database) {
  const insert = db.prepare(`INSERT INTO calls (call_id, account_id, caller_id, destination, record, metadata, source,
      created_at_ms, ringing_at_ms, ended_at_ms, outcome, duration_seconds, billed_minutes, voicemail_drop)
    VALUES (@callId, @accountId, @callerId, @destination, @record, @metadata, @source,
      @createdAtMs, @ringingAtMs, @endedAtMs, @outcome, @durationSeconds, @billedMinutes, @voicemailDrop)`)
  const addUsage = db.prepare(`INSERT INTO usage_periods (account_id, period_start_ms, planned_minutes)
    VALUES (?, ?, ?) ON CONFLICT (account_id, period_start_ms) DO UPDATE SET planned_minutes = planned_minutes + excluded.planned_minutes`)
  const byId = db.prepare<[string, string], CallRow>('SELECT * FROM calls WHERE call_id = ? AND account_id = ?')
  const byIdAnyAccount = db.prepare<[string], CallRow>('SELECT * FROM calls WHERE call_id = ?')
  const stateById = db.prepare<[string], CallStateRow>(
    `SELECT call_id, account_id, created_at_ms, ringing_at_ms, ended_at_ms, outcome, duration_seconds, billed_minutes
     FROM calls WHERE call_id = ?`,
  )
  const lists = Object.fromEntries(
    Object.entries(LIST_SQL).map(([status, sql]) => [
      status,
      db.prepare<Record<string, number | string>, CallListRow>(sql),
    ]),
  ) as Record<CallStatus | 'ANY', ReturnType<typeof db.prepare<Record<string, number | string>, CallListRow>>>

  return {
    insert(call: NewCall) {
      insert.run({
        callId: call.callId,
        accountId: call.accountId,
        callerId: call.callerId,
        destination: call.destination,
        record: call.record ? 1 : 0,
        metadata: JSON.stringify(call.metadata),
        source: call.source,
        createdAtMs: call.plan.createdAtMs,
        ringingAtMs: call.plan.ringingAtMs,
        endedAtMs: call.plan.endedAtMs,
        outcome: call.plan.outcome,
        durationSeconds: call.plan.durationSeconds,
        billedMinutes: call.plan.billedMinutes,
        voicemailDrop: call.plan.voicemailDrop ? 1 : 0,
      })
      if (call.plan.billedMinutes > 0) addUsage.run(call.accountId, call.periodStartMs, call.plan.billedMinutes)
    },
    find: (callId: string, accountId: string) => byId.get(callId, accountId),
    /** For signed storage URLs, where the signature (not an API key) authorises. */
    findAnyAccount: (callId: string) => byIdAnyAccount.get(callId),
    /** The plan columns of a call; the caller checks the account (see routes/status-lookup.ts). */
    findStateAnyAccount: (callId: string) => stateById.get(callId),
    list(params: ListCallsParams): CallListRow[] {
      return lists[params.status ?? 'ANY'].all({
        account: params.accountId,
        now: params.now,
        from: params.fromMs ?? Number.MIN_SAFE_INTEGER,
        upper: Math.min(params.toMs ?? Number.MAX_SAFE_INTEGER, (params.after?.[0] ?? Number.MAX_SAFE_INTEGER - 1) + 1),
        afterCreated: params.after?.[0] ?? Number.MAX_SAFE_INTEGER,
        afterSeq: params.after?.[1] ?? Number.MAX_SAFE_INTEGER,
        limit: params.limit,
      })
    },
  }
}
