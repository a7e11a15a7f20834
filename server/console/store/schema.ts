// The console's tables as Kysely sees them. Times are epoch milliseconds, so the same
// queries run on SQLite and PostgreSQL (bigint) without date functions of either.
import type { Generated, Selectable } from 'kysely'
import type { AlertRuleKind } from '../../../src/api/contract/alert-schemas'
import type { AuditAction } from '../../../src/api/contract/audit-schemas'
import type { Role, TimeZonePreference } from '../../../src/api/contract/console-schemas'
import type { DoNotCallSource } from '../../../src/api/contract/do-not-call-schemas'

interface UsersTable {
  id: string
  /** Lower-cased, so sign-in is case-insensitive and unique per person. */
  email: string
  password_hash: string
  role: Role
  /** 0 once deactivated: the account stays for the record but cannot sign in. */
  active: Generated<number>
  created_at: number
  /** Where the person reads times: their browser's zone or UTC. */
  time_zone: Generated<TimeZonePreference>
  /** Set by every successful sign-in, local or SSO. */
  last_sign_in_at: number | null
  /** The OpenID provider and its `sub` for this person: null until they first sign in with SSO. */
  sso_issuer: string | null
  sso_subject: string | null
}

interface SessionsTable {
  /** SHA-256 of the cookie's random id: a copy of the database signs nobody in. */
  id_hash: string
  user_id: string
  created_at: number
  last_seen_at: number
  /** The absolute end, whatever the activity. */
  expires_at: number
}

interface SignInThrottleTable {
  /** `account:<email>`, `ip:<address>` or `device:<device cookie nonce>`; for an address, locked_until is its next allowed attempt. */
  key: string
  failures: number
  window_started_at: number
  locked_until: number | null
}

/** Append-only: a trigger refuses UPDATE, and DELETE outside a retention prune. */
interface AuditLogTable {
  /** 1, 2, 3…: part of each hash, so a reordered or removed entry shows. */
  seq: number
  at: number
  actor_user_id: string | null
  actor_email: string | null
  actor_role: Role | null
  action: AuditAction
  target: string | null
  outcome: number
  ip: string | null
  user_agent: string | null
  /** Canonical JSON (sorted keys), hashed as stored. */
  detail: string | null
  /** The hash of the entry before; 64 zeros for the first one. */
  prev_hash: string
  hash: string
}

/**
 * A personal value of an audit entry (a phone number, a note's hash, a reason about a number), kept beside the chain:
 * the entry holds its token, a keyed hash, so deleting the row erases the value and no hash changes (migration 0029).
 */
interface AuditPersonalValuesTable {
  /** `{pv:…}`: HMAC-SHA256 of the entry's seq, the subject and the value, keyed by a secret of this database. */
  token: string
  /** The entry that holds the token. */
  seq: number
  /** The E.164 number the value is about (itself, or the destination of the call the entry names); null if none. */
  subject: string | null
  value: string
  /** The value's digits alone: found by a number in any format, by search and by erasure. */
  digits: string
}

/** One row, whose flag a retention prune raises for the length of its own transaction. */
interface AuditGuardTable {
  id: number
  prune_allowed: number
}

/** Who placed each call this console placed (from the create response's call_id). */
interface CallOwnersTable {
  call_id: string
  user_id: string
  placed_at: number
}

/** An invite not yet taken up. Used or replaced, the row is gone: a link works once. */
interface UserInvitesTable {
  /** SHA-256 of the link's token, as for sessions: a copy of the database sets nobody up. */
  token_hash: string
  /** Lower-cased, like users.email. */
  email: string
  role: Role
  /** The admin's user id; null when invited from the server's shell. */
  invited_by: string | null
  created_at: number
  expires_at: number
}

/** A sign-in with SSO under way: what the callback must find again, for ten minutes at most. */
interface SsoLoginsTable {
  /** SHA-256 of the short-lived cookie's random id, like sessions. */
  id_hash: string
  state: string
  nonce: string
  /** The PKCE verifier; only its challenge went to the provider. */
  code_verifier: string
  /** A path on this console, already checked. */
  return_to: string
  expires_at: number
}

interface SavedViewsTable {
  id: string
  owner_id: string
  name: string
  /** The calls page's URL search, without "?". */
  search: string
  shared: number
  pinned: number
  updated_at: number
  /** A relative date range the view resolves when opened (0018); null: its search's own dates, if any. */
  date_preset: string | null
  /** The Idempotency-Key it was saved with (0019), unique per owner; null when none was sent. */
  request_key: string | null
}

/** A call of the account as the call index holds it (calls/index/). Times are epoch ms. */
interface IndexedCallsTable {
  /** The FTS row (indexed_call_text.rowid) and the metadata rows point here. */
  id: Generated<number>
  call_id: string
  status: string
  caller_id: string
  destination: string
  /** The numbers' digits, for substring search of what a person typed. */
  caller_digits: string
  destination_digits: string
  duration_seconds: number | null
  created_at: number
  /** Null until the call's details are fetched (the list has none of them). */
  billed_minutes: number | null
  has_recording: number | null
  voicemail_drop: number | null
  source: string | null
  /** JSON; null until known (from the detail, or from the create response of a call placed here). */
  metadata: string | null
  updated_at: number | null
  /** When the detail was last fetched. */
  details_at: number | null
  /** 1 while a GET /calls/{id} is due: the call has ended and its final details are not in yet. */
  needs_details: Generated<number>
  /** When an erasure rewrote its number or metadata (0029): a later detail keeps the rewrite. */
  erased_at: number | null
}

/** One row per metadata value (lower-cased), for key:value search; the key as the API spells it, for the export. */
interface IndexedCallMetadataTable {
  call_row: number
  key: string
  key_lower: string
  value_lower: string
}

/** The sync's progress, one row (id 1), so a restart resumes where it stopped. */
export interface CallIndexSyncTable {
  id: number
  /** The newest upstream created_at the incremental sync has listed: its next from_date (less an overlap). */
  watermark: number | null
  /** The console's time when the last complete incremental pass began: every call created before is in. */
  synced_to: number | null
  backfill_running: Generated<number>
  /** The backfill lists calls created before this (to_date); newer ones are the incremental sync's. */
  backfill_to: number | null
  /** The upstream's next_cursor for the next page; null before the first page. */
  backfill_cursor: string | null
  /** The oldest created_at listed so far: where to go on if the upstream refuses the cursor. */
  backfill_oldest: number | null
  backfill_listed: Generated<number>
  backfill_estimated_total: number | null
  /** The account's contract start, the earliest a call can be: the base of the estimate. */
  backfill_since: number | null
  backfill_finished_at: number | null
  /** Rows of indexed_calls, and of them those with needs_details = 1: kept by triggers (migration 0009). */
  indexed_count: Generated<number>
  pending_details_count: Generated<number>
}

export interface ConsoleDatabase {
  indexed_calls: IndexedCallsTable
  indexed_call_metadata: IndexedCallMetadataTable
  call_index_sync: CallIndexSyncTable
  users: UsersTable
  sessions: SessionsTable
  sign_in_throttle: SignInThrottleTable
  audit_log: AuditLogTable
  audit_guard: AuditGuardTable
  audit_personal_values: AuditPersonalValuesTable
  call_owners: CallOwnersTable
  user_invites: UserInvitesTable
  sso_logins: SsoLoginsTable
  saved_views: SavedViewsTable
  console_secrets: ConsoleSecretsTable
  sso_settings: SsoSettingsTable
  alert_channels: AlertChannelsTable
  alert_deliveries: AlertDeliveriesTable
  alert_rules: AlertRulesTable
  alert_firings: AlertFiringsTable
  alert_dismissals: AlertDismissalsTable
  console_leases: ConsoleLeasesTable
  live_events: LiveEventsTable
  live_calls: LiveCallsTable
  live_state: LiveStateTable
  live_streams: LiveStreamsTable
  live_placed: LivePlacedTable
  person_rate_buckets: PersonRateBucketsTable
  person_claims: PersonClaimsTable
  learnt_storage_origins: LearntStorageOriginsTable
  recording_links: RecordingLinksTable
  // integrations (migration 0021)
  integrations: IntegrationsTable
  integration_deliveries: IntegrationDeliveriesTable
  // Call lists (0022_call_lists)
  call_lists: CallListsTable
  call_list_assignees: CallListAssigneesTable
  call_list_contacts: CallListContactsTable
  call_list_attempts: CallListAttemptsTable
  // Callbacks (issue 51, item 3; migration 0023_callbacks).
  callbacks: CallbacksTable
  callback_notices: CallbackNoticesTable
  // Issue 51, outcomes (store/call-work.ts).
  outcome_kinds: OutcomeKindsTable
  call_outcomes: CallOutcomesTable
  call_notes: CallNotesTable
  call_note_versions: CallNoteVersionsTable
  // Issue 52 (store/do-not-call.ts).
  do_not_call: DoNotCallTable
  // Issue 52, item 2 (0027_calling_hours_exceptions; store/calling-hours-exceptions.ts).
  calling_hours_exceptions: CallingHoursExceptionsTable
  // Issue 52, item 5 (0030_erasures; store/erasure.ts).
  erasures: ErasuresTable
  // Issue 53, item 6 (0034_scorecards; store/scoring.ts).
  scorecards: ScorecardsTable
  scorecard_versions: ScorecardVersionsTable
  call_scores: CallScoresTable
  // Issue 53, item 4 (0033_report_subscriptions; store/report-subscriptions.ts, store/report-deliveries.ts).
  report_subscriptions: ReportSubscriptionsTable
  report_deliveries: ReportDeliveriesTable
  // Issue 53, item 2 (0031_rate_unit; store/rate-unit.ts).
  usage_rate_unit: UsageRateUnitTable
}

/** A scorecard: its current version's number; every version's name and questions in scorecard_versions. */
interface ScorecardsTable {
  id: string
  version: number
  archived: number
  created_at: number
  updated_at: number
}

interface ScorecardVersionsTable {
  scorecard_id: string
  version: number
  name: string
  /** JSON: the questions in order, each with its id, kind, text, scale_max and weight. */
  questions: string
  created_by: string | null
  created_at: number
}

/** One scorer's score of one call against one scorecard, as of the version it was given against. */
interface CallScoresTable {
  id: string
  call_id: string
  scorecard_id: string
  version: number
  scorer_id: string
  /** Who placed the call when it was scored (null: not placed through this console), for the summaries per person. */
  placer_id: string | null
  /** JSON: the answers, by question id. */
  answers: string
  /** 0 to 1000: the weighted score in tenths of a percent, so both stores keep it exactly. */
  score_tenths: number
  /** Free text about the call, so personal data: erased with the call's, audited by its hash only. */
  comment: string
  created_at: number
  updated_at: number
}

/** A person's usage report by email, daily, weekly or monthly, its days read in `time_zone`. */
interface ReportSubscriptionsTable {
  id: string
  user_id: string
  frequency: 'daily' | 'weekly' | 'monthly'
  /** An IANA zone: where the report's days, weeks and months begin. */
  time_zone: string
  created_at: number
  /** Who subscribed them: themselves, or an admin. */
  created_by: string | null
}

/** One report of one subscription for one period, and every attempt at it (the queue's columns). */
interface ReportDeliveriesTable {
  id: string
  subscription_id: string
  period_start: number
  period_end: number
  event_type: string
  /** JSON: what the sender needs to write the report (reports/report-queue.ts). */
  payload: string
  status: 'pending' | 'retrying' | 'delivered' | 'failed'
  attempts: Generated<number>
  next_attempt_at: number | null
  claimed_until: number | null
  last_attempt_at: number | null
  response_status: number | null
  response_time_ms: number | null
  response_excerpt: string | null
  created_at: number
}

/** What the service's rate_per_minute_dc counts, as an admin stated it: one row (id 1), or none until set. */
interface UsageRateUnitTable {
  id: number
  /** How many of the rate's units make one whole unit of the currency (1000: tenths of a cent). */
  divisor: number
  /** ISO 4217. */
  currency: string
  set_by_id: string | null
  set_by_email: string
  set_at: number
}

/** One erasure request: who asked, why, what it erased; the number only as a keyed hash, never as itself. */
interface ErasuresTable {
  id: string
  at: number
  /** Null once the person is gone from the store; their email stays. */
  by_user_id: string | null
  by_email: string
  /** As the admin wrote it, with any mention of the number erased. */
  reason: string
  /** JSON: rows erased or pseudonymised, per kind. */
  counts: string
  /** HMAC-SHA256 of the E.164 number under the console's own key (console_secrets). */
  number_hash: string
}

interface DoNotCallTable {
  /** E.164, as libphonenumber writes it. */
  phone_number: string
  reason: string
  source: DoNotCallSource
  /** Null once the person who added it is gone from the store; their email stays. */
  added_by_id: string | null
  added_by_email: string
  added_at: number
}

/** One call to a number allowed outside the callee's calling hours by an admin, with a reason; used once. */
interface CallingHoursExceptionsTable {
  id: string
  phone_number: string
  reason: string
  allowed_by: string
  allowed_at: number
  expires_at: number
  used_at: number | null
  used_by: string | null
}

/** Origins the voice service named in recording links (proxy/storage-origins.ts, `auto`). */
interface LearntStorageOriginsTable {
  origin: string
  seen_at: number
}

/** A recording link's origin and path, and the call the service said it is of (for the audit trail). */
interface RecordingLinksTable {
  link: string
  call_id: string
  seen_at: number
}

/** A person's pace under one limit, shared by every instance (http/user-rate-limit.ts). */
interface PersonRateBucketsTable {
  /** The limit's name and the person's id. */
  key: string
  /** Requests the person may still make at once, as of `at`. */
  tokens: number
  at: number
}

/** A claim that lapses at expires_at unless its holder renews it (store/person-claims.ts). */
interface PersonClaimsTable {
  key: string
  /** Who holds it: an export's or a sign-in attempt's random id. */
  holder: string
  expires_at: number
}

/** Work one console instance does for all, held for a few seconds at a time (cluster/leases.ts). */
interface ConsoleLeasesTable {
  name: string
  /** The holding instance's id (cluster/instance-id.ts). */
  holder: string
  /** Raised by every change of holder. */
  version: number
  acquired_at: number
  expires_at: number
}

/** Where alerts are sent (alerts/delivery/). */
export interface AlertChannelsTable {
  id: string
  kind: 'webhook' | 'email'
  name: string
  /** webhook only. */
  url: string | null
  /** email only: a JSON array of addresses. */
  recipients: string | null
  /** webhook only: `whsec_…`, its signing secret; never answered after creation, never logged. */
  secret: string | null
  enabled: number
  /** Why the console turned it off (a 410); null when a person did, or it is on. */
  disabled_reason: string | null
  created_at: number
  /** Who last set its addresses, as they were then (0032); null for the channels added before. */
  added_by_email: string | null
  added_by_role: string | null
}

/** One message to one channel and every attempt at it; the id is the Standard Webhooks message id. */
interface AlertDeliveriesTable {
  id: string
  channel_id: string
  /** Null for a test. */
  firing_id: string | null
  event_type: string
  /** The JSON body sent (alertWebhookPayload), the same on every attempt. */
  payload: string
  status: 'pending' | 'retrying' | 'delivered' | 'failed'
  attempts: Generated<number>
  /** Null once it is delivered or failed. */
  next_attempt_at: number | null
  /** While an instance is sending it: no other instance claims it before this. */
  claimed_until: number | null
  last_attempt_at: number | null
  response_status: number | null
  response_time_ms: number | null
  /** At most 200 characters of the answer, or the error in words. */
  response_excerpt: string | null
  created_at: number
}

/** An alert rule on the current billing period (alerts/rules/); the defaults are seeded by migration 0013. */
interface AlertRulesTable {
  id: string
  kind: AlertRuleKind
  /** usage-percent only; null for the other kinds. */
  percent: number | null
  enabled: number
  updated_at: number
  /** Who last changed it; null for the seeded defaults and the demo's rule. */
  updated_by: string | null
  /** A JSON array of the channel ids it goes to; null for every channel (0032). */
  channel_ids: string | null
}

/** A rule that fired: at most one row per rule, period and subject (a UNIQUE constraint, not memory). */
interface AlertFiringsTable {
  id: string
  /** No foreign key: a deleted rule's firings stay. */
  rule_id: string
  kind: AlertRuleKind
  period_start: number
  period_end: number
  /** The caller ID of a caller-ID rule; '' for the others. */
  subject: Generated<string>
  fired_at: number
  message: string
  /** When the channels took it (onFired returned); null until then, so a firing is never lost to a crash. */
  handed_over_at: number | null
}

/** Who has dismissed which firing from their banner. */
interface AlertDismissalsTable {
  firing_id: string
  user_id: string
  dismissed_at: number
}

/** The OpenID provider an admin set from the page (migration 0035): one row, id `current`. */
interface SsoSettingsTable {
  id: string
  enabled: number
  issuer: string
  client_id: string
  /** The client secret sealed with AES-256-GCM (auth/sso/sealed-secret.ts); null: none set. Never answered. */
  client_secret_sealed: string | null
  provider_name: string
  /** Lower-case domains, comma-separated. */
  allowed_domains: string
  role_claim: string
  /** JSON: `[{ value, role }]`. */
  role_map: string
  default_role: string | null
  /** Raised by every save: an instance that cached the setting sees it changed. */
  version: number
  updated_at: number
  updated_by: string | null
}

/** Keys the console makes for itself on first start (the device cookies' HMAC key): never leave the server. */
interface ConsoleSecretsTable {
  name: string
  value: string
}

export type UserRow = Selectable<UsersTable>
export type AuditPersonalValueRow = Selectable<AuditPersonalValuesTable>
export type SessionRow = Selectable<SessionsTable>
export type ThrottleRow = Selectable<SignInThrottleTable>
export type AuditRow = Selectable<AuditLogTable>
export type InviteRow = Selectable<UserInvitesTable>
export type SsoLoginRow = Selectable<SsoLoginsTable>
export type SsoSettingsRow = Selectable<SsoSettingsTable>

/** The live hub's events as the lease holder sent them (live/cluster/); pruned to the last thousand or so. */
interface LiveEventsTable {
  seq: Generated<number>
  at: number
  name: string
  /** Null: for everyone (pauses, the tally). */
  call_id: string | null
  /** 1: on every viewer's board. */
  on_board: number
  /** The event's data, JSON. */
  data: string
}

/** The latest entry of each call the holder tracks: a new viewer's snapshot. */
interface LiveCallsTable {
  call_id: string
  on_board: number
  /** The LiveCallEntry, JSON. */
  entry: string
  seq: number
}

/** The hub's own state as last sent: `paused`, `trouble`, `tally`, `ready`, `pruned` (data null when none). */
interface LiveStateTable {
  name: string
  data: string | null
  seq: number
}

/** One open live stream on one instance, renewed by its heartbeats; an expired row is ignored. */
interface LiveStreamsTable {
  id: string
  instance: string
  user_id: string
  /** The ids it watches, JSON. */
  call_ids: string
  watched: number
  opened_at: number
  expires_at: number
}

/** A call placed through any instance, until the holder has put it on the board. */
interface LivePlacedTable {
  call_id: string
  /** The PlacedCall, JSON. */
  placed: string
  at: number
}

/** Where call events go (integrations/): a webhook URL, its secret, the events it chose. */
interface IntegrationsTable {
  id: string
  name: string
  url: string
  /** `whsec_…`, its signing secret; never answered after creation, never logged. */
  secret: string
  /** JSON array of IntegrationEvent names. */
  events: string
  enabled: number
  /** Why the console turned it off (a 410); null when a person did, or it is on. */
  disabled_reason: string | null
  created_at: number
}

/** One event to one destination and every attempt at it; the id is the Standard Webhooks message id. */
interface IntegrationDeliveriesTable {
  id: string
  integration_id: string
  /** What makes it once per destination (`call.ended:<call_id>`); null for a test. */
  event_key: string | null
  event_type: string
  call_id: string | null
  /** The JSON body as queued; outcome and note are read again at each attempt. */
  payload: string
  status: 'pending' | 'retrying' | 'delivered' | 'failed'
  attempts: Generated<number>
  next_attempt_at: number | null
  claimed_until: number | null
  last_attempt_at: number | null
  response_status: number | null
  response_time_ms: number | null
  response_excerpt: string | null
  created_at: number
}

// Call lists (0022_call_lists, server/console/call-lists/).

/** A list of people to call, imported by a manager. */
interface CallListsTable {
  id: string
  name: string
  /** A fixed caller ID, or null: the one New call suggests for each number. */
  caller_id: string | null
  record: number
  come_back_minutes: number
  max_tries: number
  /** 1: everyone who places calls works it; 0: its assignees only. */
  everyone: number
  paused: number
  archived: number
  created_by: string
  created_at: number
}

interface CallListAssigneesTable {
  list_id: string
  user_id: string
}

/** A contact of a list: waiting (now or from next_at) or done; claimed by one agent at a time. */
interface CallListContactsTable {
  id: Generated<number>
  list_id: string
  /** The line of the imported file. */
  line: number
  /** E.164. */
  number: string
  /** Its other columns, JSON. */
  metadata: string
  state: 'waiting' | 'done'
  tries: number
  /** Not before this time (0: at once). */
  next_at: number
  claimed_by: string | null
  claim_expires_at: number | null
  /** The call placed in the claim under way; null until one is. */
  claim_call_id: string | null
  last_call_id: string | null
  last_outcome: string | null
}

/** One call to a contact; its outcome once the placer records one. */
interface CallListAttemptsTable {
  call_id: string
  list_id: string
  contact_id: number
  by_user_id: string
  at: number
  outcome: string | null
}

/** A time to call a callee back (store/callbacks.ts). Open while done_at and cancelled_at are null. */
interface CallbacksTable {
  id: string
  call_id: string
  number: string
  caller_id: string
  /** The call's metadata, JSON. */
  metadata: string
  /** The callee's IANA time zones as the number tells them, JSON. */
  time_zones: string
  due_at: number
  /** Null: everyone's. */
  owner_id: string | null
  created_by: string
  created_at: number
  done_at: number | null
  done_by: string | null
  done_call_id: string | null
  cancelled_at: number | null
  cancelled_by: string | null
}

/** A person told that a callback came due, once across their tabs, browsers and the console's instances. */
interface CallbackNoticesTable {
  callback_id: string
  user_id: string
  at: number
  /** The tab that won the notice (migration 0040); null for one of an older tab. */
  tab: string | null
  /** When that tab said it showed the notice (migration 0041); null while its claim is only held. */
  shown_at: number | null
}

// Issue 51, outcomes: what follows a call, keyed by the service's call_id (store/call-work.ts).

/** The outcomes admins keep; an archived one stays for the calls that have it. Flags are 0 or 1. */
interface OutcomeKindsTable {
  id: string
  label: string
  position: number
  comes_back: number
  asks_callback: number
  archived: number
}

/** One outcome per call: who recorded it first, and who changed it last. */
interface CallOutcomesTable {
  call_id: string
  kind_id: string
  recorded_by: string
  recorded_at: number
  updated_by: string
  updated_at: number
}

/** One note per call as it reads now; `author_id` wrote it first, and may change it for 24 hours. */
interface CallNotesTable {
  call_id: string
  text: string
  /** The text lower-cased as the console lower-cases search terms (JavaScript's folding, on both stores). */
  text_lower: string
  author_id: string
  created_at: number
  updated_by: string
  updated_at: number
  version: number
}

/** Every version of a note, the current one included. */
interface CallNoteVersionsTable {
  call_id: string
  version: number
  text: string
  saved_by: string
  saved_at: number
}
