// PostgreSQL's side of the store adapter: pg_trgm's GIN indexes where SQLite has FTS5, triggers as PL/pgSQL
// functions, and a transaction-scoped advisory lock where SQLite takes its file's write lock.
import { sql } from 'kysely'
import type { StoreAdapter } from '../adapter'
import { LIVE_NOTICE_CHANNELS } from '../notices'

// Any number, the same in every console instance: the lock "read the audit trail's head, append" takes.
const SERIAL_WRITES_LOCK = 0x5_70_1ce
// The first of the two-integer lock keys (a space apart from the single-key one above): takingTurns' locks.
const KEYED_LOCKS = 0x5_70_1cf

/** A LIKE pattern for a substring: its own %, _ and the escape character are literal. */
const anywhere = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

export const postgresAdapter: StoreAdapter = {
  kind: 'postgres',
  // A trigram match costs more here than in SQLite's FTS5: the GIN index only narrows, so each match is read
  // again from the trigram table's heap, then its call row fetched by the page and again by the total (the plan
  // reads the matches once and hands their ids on; it read them three times until issue 54). At a million calls (bench:search) an area code with a date range,
  // status and recording filter (about 9,000 matches, so under SQLite's 20,000 for a row-checked filter) took
  // a p50 of 310 ms through the matches and 96 to 130 ms through the date range's index, on the same loaded
  // machine; no search of the bench changes its plan otherwise.
  manyTrigramMatches: 500,
  // A call's metadata and note cost a probe of two indexes each: the combined filter's count through a month of a
  // million calls probed 27,000 rows for 300 kept (103 ms); through the list of its 3,000 metadata matches, 34 ms.
  // Past 5,000 ids the list (one array parameter, hashed) costs about what it saves.
  fewMetadataMatches: 5_000,
  rowIdType: 'bigserial',
  // clock_timestamp(), not now(): the time of this statement, not of its transaction's start.
  clockMs: () => sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`,
  contains: (haystack, needle) => sql`strpos(${haystack}, ${needle}) > 0`,
  // LIKE with a pattern of 3 characters or more is what the trigram indexes answer; each row is checked too.
  // A group's alternatives are ORed: the planner reads each column's index and joins the bitmaps (BitmapOr).
  textMatches: (table, groups) =>
    sql.join(
      groups.map(
        (group) =>
          sql`(${sql.join(
            group.map(({ column, text }) => sql`${sql.ref(`${table}.${column}`)} like ${anywhere(text)}`),
            sql` or `,
          )})`,
      ),
      sql` and `,
    ),
  // An array parameter: the statement is planned with its value (an unnamed statement), and PostgreSQL hashes a
  // constant array's elements for `= any` rather than compare each in turn.
  rowIn: (row, rows) => sql`${row} = any(${[...rows]}::bigint[])`,
  // OFFSET 0 keeps the subquery as it is written: PostgreSQL neither pulls it up nor hashes it (an optimisation
  // fence its planner documents for subqueries), so it runs per row, through the index on the call.
  checkedPerRow: (query) => query.offset(0),
  serialTransaction: (db, work) =>
    db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${sql.lit(SERIAL_WRITES_LOCK)})`.execute(trx)
      return work(trx)
    }),
  takingTurns: (db, key, work) =>
    db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${sql.lit(KEYED_LOCKS)}, hashtext(${key}))`.execute(trx)
      return work(trx)
    }),
  migrations: {
    // pg_trgm is a trusted extension (PostgreSQL 13 on): the database's owner may create it.
    createTextTable: async (db) => {
      await sql`create extension if not exists pg_trgm`.execute(db)
      await sql`create table indexed_call_text (rowid bigint primary key,
        numbers text not null default '', metadata text not null default '')`.execute(db)
      for (const column of ['numbers', 'metadata'])
        await sql`create index ${sql.id(`indexed_call_text_${column}`)} on indexed_call_text
          using gin (${sql.id(column)} gin_trgm_ops)`.execute(db)
    },
    dropTextTable: async (db) => {
      await sql`drop table indexed_call_text`.execute(db)
    },
    createAuditGuards: async (db) => {
      await sql`create function audit_log_refuse_update() returns trigger language plpgsql as $$
        begin raise exception 'audit entries are never changed'; end $$`.execute(db)
      await sql`create trigger audit_log_no_update before update on audit_log
        for each row execute function audit_log_refuse_update()`.execute(db)
      await sql`create function audit_log_guard_delete() returns trigger language plpgsql as $$
        begin
          if (select prune_allowed from audit_guard where id = 1) = 0 then
            raise exception 'audit entries are removed only by a retention prune';
          end if;
          return old;
        end $$`.execute(db)
      await sql`create trigger audit_log_no_delete before delete on audit_log
        for each row execute function audit_log_guard_delete()`.execute(db)
    },
    inAuditTurn: async (db, work) => {
      await sql`select pg_advisory_xact_lock(${sql.lit(SERIAL_WRITES_LOCK)})`.execute(db)
      return work(db)
    },
    // A PostgreSQL store began after the key column: it has no earlier rows to spell.
    spellExistingMetadataKeys: async () => {},
    createIndexCountTriggers: async (db) => {
      await sql`create function indexed_calls_count() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            update call_index_sync set indexed_count = indexed_count + 1,
              pending_details_count = pending_details_count + new.needs_details where id = 1;
          elsif tg_op = 'DELETE' then
            update call_index_sync set indexed_count = indexed_count - 1,
              pending_details_count = pending_details_count - old.needs_details where id = 1;
          elsif new.needs_details <> old.needs_details then
            update call_index_sync set pending_details_count = pending_details_count + new.needs_details - old.needs_details
              where id = 1;
          end if;
          return null;
        end $$`.execute(db)
      await sql`create trigger indexed_calls_count after insert or delete or update of needs_details on indexed_calls
        for each row execute function indexed_calls_count()`.execute(db)
    },
    dropIndexCountTriggers: async (db) => {
      await sql`drop trigger indexed_calls_count on indexed_calls`.execute(db)
      await sql`drop function indexed_calls_count()`.execute(db)
    },
    // Statement-level, so a statement's rows are one notice (an insert of events: its last seq), and a delete that
    // removed nothing (the streams' heartbeat clears lapsed rows every 2 s) none.
    createLiveNoticeTriggers: async (db) => {
      await sql`create function live_events_notice() returns trigger language plpgsql as $$
        begin
          perform pg_notify(${sql.lit(LIVE_NOTICE_CHANNELS.events)}, (select max(seq) from added)::text);
          return null;
        end $$`.execute(db)
      await sql`create trigger live_events_notice after insert on live_events referencing new table as added
        for each statement execute function live_events_notice()`.execute(db)
      // The hub's `ready` state is written apart from any event: the instances' waiting viewers look at once.
      await sql`create function live_ready_notice() returns trigger language plpgsql as $$
        begin
          perform pg_notify(${sql.lit(LIVE_NOTICE_CHANNELS.events)}, '');
          return null;
        end $$`.execute(db)
      await sql`create trigger live_ready_notice after insert or update on live_state
        for each row when (new.name = 'ready') execute function live_ready_notice()`.execute(db)
      await sql`create function live_placed_notice() returns trigger language plpgsql as $$
        begin
          perform pg_notify(${sql.lit(LIVE_NOTICE_CHANNELS.placed)}, '');
          return null;
        end $$`.execute(db)
      // An upsert runs both: each is a call placed.
      await sql`create trigger live_placed_notice_insert after insert on live_placed
        for each statement execute function live_placed_notice()`.execute(db)
      await sql`create trigger live_placed_notice_update after update on live_placed
        for each statement execute function live_placed_notice()`.execute(db)
      await sql`create function live_streams_notice() returns trigger language plpgsql as $$
        begin
          if exists (select 1 from changed) then perform pg_notify(${sql.lit(LIVE_NOTICE_CHANNELS.streams)}, ''); end if;
          return null;
        end $$`.execute(db)
      await sql`create trigger live_streams_notice_insert after insert on live_streams referencing new table as changed
        for each statement execute function live_streams_notice()`.execute(db)
      await sql`create trigger live_streams_notice_delete after delete on live_streams referencing old table as changed
        for each statement execute function live_streams_notice()`.execute(db)
    },
    dropLiveNoticeTriggers: async (db) => {
      await sql`drop trigger live_events_notice on live_events`.execute(db)
      await sql`drop trigger live_ready_notice on live_state`.execute(db)
      await sql`drop trigger live_placed_notice_insert on live_placed`.execute(db)
      await sql`drop trigger live_placed_notice_update on live_placed`.execute(db)
      await sql`drop trigger live_streams_notice_insert on live_streams`.execute(db)
      await sql`drop trigger live_streams_notice_delete on live_streams`.execute(db)
      for (const name of ['live_events_notice', 'live_ready_notice', 'live_placed_notice', 'live_streams_notice'])
        await sql`drop function ${sql.id(name)}()`.execute(db)
    },
  },
}
