// The console's tables as Kysely sees them. Times are epoch milliseconds, so the same
// queries run on SQLite and PostgreSQL (bigint) without date functions of either.
import type { Generated, Insertable, Selectable } from 'kysely'
import type { AuditAction } from '../../../src/api/audit-schemas'
import type { Role, TimeZonePreference } from '../../../src/api/console-schemas'

export interface UsersTable {
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

export interface SessionsTable {
  /** SHA-256 of the cookie's random id: a copy of the database signs nobody in. */
  id_hash: string
  user_id: string
  created_at: number
  last_seen_at: number
  /** The absolute end, whatever the activity. */
  expires_at: number
}

export interface SignInThrottleTable {
  /** `account:<email>` or `ip:<address>`. */
  key: string
  failures: number
  window_started_at: number
  locked_until: number | null
}

/** Append-only: a trigger refuses UPDATE, and DELETE outside a retention prune. */
export interface AuditLogTable {
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

/** One row, whose flag a retention prune raises for the length of its own transaction. */
export interface AuditGuardTable {
  id: number
  prune_allowed: number
}

/** Who placed each call this console placed (from the create response's call_id). */
export interface CallOwnersTable {
  call_id: string
  user_id: string
  placed_at: number
}

/** An invite not yet taken up. Used or replaced, the row is gone: a link works once. */
export interface UserInvitesTable {
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
export interface SsoLoginsTable {
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

export interface SavedViewsTable {
  id: string
  owner_id: string
  name: string
  /** The calls page's URL search, without "?". */
  search: string
  shared: number
  pinned: number
  updated_at: number
}

export interface ConsoleDatabase {
  users: UsersTable
  sessions: SessionsTable
  sign_in_throttle: SignInThrottleTable
  audit_log: AuditLogTable
  audit_guard: AuditGuardTable
  call_owners: CallOwnersTable
  user_invites: UserInvitesTable
  sso_logins: SsoLoginsTable
  saved_views: SavedViewsTable
}

export type UserRow = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type SessionRow = Selectable<SessionsTable>
export type ThrottleRow = Selectable<SignInThrottleTable>
export type AuditRow = Selectable<AuditLogTable>
export type InviteRow = Selectable<UserInvitesTable>
export type SsoLoginRow = Selectable<SsoLoginsTable>
