// Migration 0038 on PostgreSQL: a notice on SESSION_CHANGES whenever a statement ends sessions or changes people
// (a sign-out, a role change, a deactivation, an erasure, a restore; a person added too, so that every write to
// people is told and its writer can wait for the notice), from whichever connection: an instance, the CLI, psql. Every instance listens (session-notices.ts) and forgets the sessions it keeps in memory at once.
// Statement-level, and only when rows changed: a sweep of expired sessions that ends none sends nothing.
// Self-contained here; the live events' notices (branch `notify`) use a channel of their own.
import { type Kysely, sql } from 'kysely'

/** The channel: its name is the console's, so another application's notices on the database never reach it. */
export const SESSION_CHANGES = 'console_session_changes'

export async function createSessionChangeTriggers(db: Kysely<unknown>): Promise<void> {
  // `changed` is the statement's transition table; TRUNCATE has none, and ends every row.
  await sql`
    create function console_session_changes() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        perform pg_notify(${sql.lit(SESSION_CHANGES)}, '');
      elsif exists (select 1 from changed) then
        perform pg_notify(${sql.lit(SESSION_CHANGES)}, '');
      end if;
      return null;
    end $$`.execute(db)
  const triggers = [
    `create trigger sessions_ended after delete on sessions referencing old table as changed for each statement execute function console_session_changes()`,
    `create trigger sessions_truncated after truncate on sessions for each statement execute function console_session_changes()`,
    `create trigger users_added after insert on users referencing new table as changed for each statement execute function console_session_changes()`,
    `create trigger users_changed after update on users referencing new table as changed for each statement execute function console_session_changes()`,
    `create trigger users_removed after delete on users referencing old table as changed for each statement execute function console_session_changes()`,
    `create trigger users_truncated after truncate on users for each statement execute function console_session_changes()`,
  ]
  for (const statement of triggers) await sql.raw(statement).execute(db)
}

export async function dropSessionChangeTriggers(db: Kysely<unknown>): Promise<void> {
  for (const [trigger, table] of [
    ['sessions_ended', 'sessions'],
    ['sessions_truncated', 'sessions'],
    ['users_added', 'users'],
    ['users_changed', 'users'],
    ['users_removed', 'users'],
    ['users_truncated', 'users'],
  ])
    await sql.raw(`drop trigger if exists ${trigger} on ${table}`).execute(db)
  await sql`drop function if exists console_session_changes()`.execute(db)
}
