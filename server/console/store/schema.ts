// The console's tables as Kysely sees them. Times are epoch milliseconds, so the same
// queries run on SQLite and PostgreSQL (bigint) without date functions of either.
import type { Generated, Insertable, Selectable } from 'kysely'
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

export interface ConsoleDatabase {
  users: UsersTable
  sessions: SessionsTable
  sign_in_throttle: SignInThrottleTable
}

export type UserRow = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type SessionRow = Selectable<SessionsTable>
export type ThrottleRow = Selectable<SignInThrottleTable>
