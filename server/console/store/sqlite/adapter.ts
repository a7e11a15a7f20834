// SQLite's side of the store adapter: FTS5's trigram table, triggers in SQLite's syntax, and IMMEDIATE
// transactions, which take the file's one write lock at their start so another writer waits instead of
// reading a head that is about to change.
import { sql } from 'kysely'
import type { StoreAdapter, TermGroup, TextTerm } from '../adapter'

/** An FTS5 phrase: everything inside double quotes is literal, and a quote is written twice. */
const phrase = (column: TextTerm['column'], text: string) => `${column} : "${text.replaceAll('"', '""')}"`

// The trigram tokenizer matches nothing shorter than 3 characters (code points, not UTF-16 units).
const TRIGRAM = 3

/** Trigrams that cover a text end to end; the last overlaps the one before when the length is no multiple of 3. */
function coveringTrigrams(text: string): string[] {
  const chars = [...text]
  const pieces: string[] = []
  for (let at = 0; at + TRIGRAM <= chars.length; at += TRIGRAM) pieces.push(chars.slice(at, at + TRIGRAM).join(''))
  if (chars.length % TRIGRAM !== 0) pieces.push(chars.slice(-TRIGRAM).join(''))
  return pieces
}

/**
 * A term the table need only narrow is a cover of its trigrams, each anywhere: that reads a third of a phrase's
 * doclists and no positions (an agent's name: 11 ms, not 27).
 */
const termQuery = ({ column, text, narrowsOnly }: TextTerm) =>
  narrowsOnly
    ? `(${coveringTrigrams(text)
        .map((piece) => phrase(column, piece))
        .join(' AND ')})`
    : phrase(column, text)

/** Every group, each any of its terms: FTS5 reads OR of the alternatives' doclists. */
const ftsQuery = (groups: readonly TermGroup[]) =>
  groups.map((group) => `(${group.map(termQuery).join(' OR ')})`).join(' AND ')

export const sqliteAdapter: StoreAdapter = {
  kind: 'sqlite',
  // At a million calls a match costs about 8 µs to fetch and sort and a scanned row about 0.5 µs: FTS5 hands
  // over row ids from its index alone, so the two meet near 2,000.
  manyTrigramMatches: 2_000,
  // Never: a call's metadata rows cost SQLite about a microsecond, and FTS5 reads a term's whole doclist to keep one
  // column's matches (the combined filter at a million calls: 38 ms with the list, 24 without).
  fewMetadataMatches: 0,
  rowIdType: 'integer',
  clockMs: () => sql<number>`cast(unixepoch('subsec') * 1000 as integer)`,
  contains: (haystack, needle) => sql`instr(${haystack}, ${needle}) > 0`,
  textMatches: (table, terms) => sql`${sql.ref(table)}.indexed_call_text match ${ftsQuery(terms)}`,
  // One parameter whatever the number of rows (SQLite allows 32,766 a statement); the list is read once into an index.
  rowIn: (row, rows) => sql`${row} in (select value from json_each(${JSON.stringify(rows)}))`,
  // SQLite runs a correlated EXISTS per row already.
  checkedPerRow: (query) => query,
  serialTransaction: (db, work) =>
    db.connection().execute(async (connection) => {
      await sql`begin immediate`.execute(connection)
      try {
        const result = await work(connection)
        await sql`commit`.execute(connection)
        return result
      } catch (error) {
        // SQLite may have rolled back already (disk full): a failed rollback must not hide the error that says why.
        await sql`rollback`.execute(connection).catch(() => {})
        throw error
      }
    }),
  // Not a transaction: a second store on the same file (tests) would wait for its lock synchronously, on the
  // thread the holder needs to finish. The work's conditional statements hold alone on the one writer.
  takingTurns: (db, _key, work) => work(db),
  migrations: {
    // Substring search over a million rows: trigrams of the numbers' digits and of the metadata values
    // (both lower-cased by the console already, hence case_sensitive 1: no second folding to disagree with).
    createTextTable: async (db) => {
      await sql`create virtual table indexed_call_text using fts5(
        numbers, metadata, tokenize = 'trigram case_sensitive 1')`.execute(db)
    },
    dropTextTable: async (db) => {
      await sql`drop table indexed_call_text`.execute(db)
    },
    // Defence against a slip, not an attacker (who can drop triggers; the hash chain catches that).
    createAuditGuards: async (db) => {
      await sql`create trigger audit_log_no_update before update on audit_log
        begin select raise(abort, 'audit entries are never changed'); end`.execute(db)
      await sql`create trigger audit_log_no_delete before delete on audit_log
        when (select prune_allowed from audit_guard where id = 1) = 0
        begin select raise(abort, 'audit entries are removed only by a retention prune'); end`.execute(db)
    },
    inAuditTurn: (db, work) => sqliteAdapter.serialTransaction(db, work),
    // SQLite's lower() folds ASCII only, so a key with other capitals keeps its lower-cased spelling.
    spellExistingMetadataKeys: async (db) => {
      await sql`update indexed_call_metadata set key = coalesce((
          select j.key from indexed_calls c, json_each(c.metadata) j
          where c.id = indexed_call_metadata.call_row and lower(j.key) = indexed_call_metadata.key_lower
          limit 1), key_lower)`.execute(db)
    },
    createIndexCountTriggers: async (db) => {
      await sql`create trigger indexed_calls_count_insert after insert on indexed_calls begin
        update call_index_sync set indexed_count = indexed_count + 1,
          pending_details_count = pending_details_count + new.needs_details where id = 1; end`.execute(db)
      await sql`create trigger indexed_calls_count_delete after delete on indexed_calls begin
        update call_index_sync set indexed_count = indexed_count - 1,
          pending_details_count = pending_details_count - old.needs_details where id = 1; end`.execute(db)
      await sql`create trigger indexed_calls_count_queue after update of needs_details on indexed_calls
        when new.needs_details != old.needs_details begin
        update call_index_sync set pending_details_count = pending_details_count + new.needs_details - old.needs_details
          where id = 1; end`.execute(db)
    },
    dropIndexCountTriggers: async (db) => {
      for (const trigger of ['indexed_calls_count_insert', 'indexed_calls_count_delete', 'indexed_calls_count_queue'])
        await sql`drop trigger ${sql.id(trigger)}`.execute(db)
    },
    // One instance: nobody to tell.
    createLiveNoticeTriggers: async () => {},
    dropLiveNoticeTriggers: async () => {},
  },
}
