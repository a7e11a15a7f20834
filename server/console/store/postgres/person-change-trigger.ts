// Migration 0039 on PostgreSQL: 0038's notice on every UPDATE of people (session-change-triggers.ts) narrowed to the
// updates that change what a kept session holds of its person (sessions.ts, SESSION_WITH_USER: email, role, active,
// time zone; and the id it is joined on). A sign-in writes last_sign_in_at, and under 0038 each one made every
// instance forget every session it kept. Row-level, so that the WHEN compares each row's old and new values before
// any function runs (a trigger with a column list cannot have transition tables); PostgreSQL sends one notice per
// transaction however many rows changed, as the payloads are the same.
import { type Kysely, sql } from 'kysely'
import { SESSION_CHANGES } from './session-change-triggers'

/**
 * The columns of people whose change ends kept sessions, as migration 0039 wrote them into the trigger: shipped, so
 * never edited (a database already migrated keeps its trigger). A column the cache comes to hold needs a migration
 * that writes the trigger again (person-change-trigger.test.ts reads the migrated trigger, not this list).
 */
export const PERSON_COLUMNS_TOLD = ['id', 'email', 'role', 'active', 'time_zone'] as const

export async function narrowPersonChangeTrigger(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function console_person_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(SESSION_CHANGES)}, '');
      return null;
    end $$`.execute(db)
  const changed = PERSON_COLUMNS_TOLD.map((column) => `old.${column} is distinct from new.${column}`).join(' or ')
  await sql`drop trigger users_changed on users`.execute(db)
  await sql
    .raw(
      `create trigger users_changed after update on users for each row when (${changed}) execute function console_person_changed()`,
    )
    .execute(db)
}

/** Back to 0038's trigger: a notice at every UPDATE of people that changed rows. */
export async function widenPersonChangeTrigger(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger users_changed on users`.execute(db)
  await sql`drop function console_person_changed()`.execute(db)
  await sql`create trigger users_changed after update on users referencing new table as changed for each statement execute function console_session_changes()`.execute(
    db,
  )
}
