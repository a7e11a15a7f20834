// What differs between the console's two stores, in one place each: the migrations' store-specific
// statements, substring search, the writes that must take turns across every writer, and the store's clock.
// Every other query is Kysely's, the same on both (store/README.md).
import type { Kysely, RawBuilder, SelectQueryBuilder, SqlBool } from 'kysely'

type StoreKind = 'sqlite' | 'postgres'

/** A substring the trigram table must hold in one of its columns (already lower-cased). */
export interface TextTerm {
  column: 'numbers' | 'metadata'
  text: string
  /** The term is checked again afterwards: the table need only narrow to the rows that may hold it. */
  narrowsOnly?: boolean
}

/** Terms of which a row must hold at least one: a number fragment is in a number or in a metadata value. */
export type TermGroup = readonly TextTerm[]

export interface StoreAdapter {
  readonly kind: StoreKind
  /**
   * Past this many trigram matches a search reads calls in time order, checking each, rather than fetching
   * and sorting every match (store/call-search.ts): where a match starts to cost more than the rows a scan reads.
   */
  readonly manyTrigramMatches: number
  /**
   * Up to this many rows whose metadata may hold a term (the trigram table's metadata column), a search that checks
   * many rows for each it keeps reads them first and reads only their metadata and notes (store/call-search.ts,
   * mayHold); 0: never, each row's own are read.
   */
  readonly fewMetadataMatches: number
  /** The data type of an id the store assigns on insert (the call index's row id). */
  readonly rowIdType: 'integer' | 'bigserial'
  /**
   * The store's own clock, in milliseconds since the epoch: one clock for every instance, where each instance's
   * own may run ahead or behind (a lease's expiry is judged by it, store/leases.ts).
   */
  clockMs(): RawBuilder<number>
  /** `haystack` contains `needle`, compared as they are (both sides are lower-cased by the console). */
  contains(haystack: RawBuilder<unknown>, needle: string): RawBuilder<SqlBool>
  /** The trigram table's rows (as `table`, its name or alias) that hold a term of every group. */
  textMatches(table: string, groups: readonly TermGroup[]): RawBuilder<SqlBool>
  /**
   * `row` is one of `rows` (row ids a query read before, passed as one parameter): the trigram matches a search's
   * plan read, shared by its page and its total instead of read again by each.
   */
  rowIn(row: RawBuilder<unknown>, rows: readonly number[]): RawBuilder<SqlBool>
  /**
   * A correlated EXISTS check (a call's metadata values, its note) read for each row that reaches it, through the
   * index on the call. PostgreSQL's planner may otherwise run it once over the whole table into a hash, when it
   * misjudges how many rows it will see (`strpos` has no statistics): a search's count at 200,000 calls read every
   * metadata row, 184 ms of 223, where the rows that needed the check took 48 ms in all.
   */
  checkedPerRow<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>
  /**
   * Runs `work` in a transaction no other such transaction on the store overlaps, in this process or any
   * other (the audit trail's "read the head, append"): SQLite's IMMEDIATE transaction, PostgreSQL's
   * transaction-scoped advisory lock.
   */
  serialTransaction<DB, T>(db: Kysely<DB>, work: (tx: Kysely<DB>) => Promise<T>): Promise<T>
  /**
   * Runs `work` so that no other work with the same `key` overlaps it, in any process (one person's claims on one
   * call list). PostgreSQL: in a transaction holding an advisory lock on the key alone, so other keys and the audit
   * trail's appends never wait for it. SQLite: as it is, on the store's one writer, where each statement is atomic
   * but another's may run between two of them; `work` must hold statement by statement there (a conditional UPDATE).
   */
  takingTurns<DB, T>(db: Kysely<DB>, key: string, work: (tx: Kysely<DB>) => Promise<T>): Promise<T>
  /** The statements of the migrations that no query builder spells the same way on both. */
  readonly migrations: {
    createTextTable(db: Kysely<unknown>): Promise<void>
    dropTextTable(db: Kysely<unknown>): Promise<void>
    createAuditGuards(db: Kysely<unknown>): Promise<void>
    /**
     * 0029: runs `work` as one transaction no audit append overlaps (the conversion of the trail): SQLite's IMMEDIATE
     * transaction (its migrator runs none); on PostgreSQL in the migrator's own, holding the appends' advisory lock.
     */
    inAuditTurn<T>(db: Kysely<unknown>, work: (tx: Kysely<unknown>) => Promise<T>): Promise<T>
    /** 0008: rows written before the key column existed get the key's spelling (a new store has none). */
    spellExistingMetadataKeys(db: Kysely<unknown>): Promise<void>
    createIndexCountTriggers(db: Kysely<unknown>): Promise<void>
    dropIndexCountTriggers(db: Kysely<unknown>): Promise<void>
    /**
     * 0037: the live tables' writes send their notices (store/notices.ts) from triggers, in the writing statement's
     * transaction, whoever writes them. SQLite has no notices: nothing.
     */
    createLiveNoticeTriggers(db: Kysely<unknown>): Promise<void>
    dropLiveNoticeTriggers(db: Kysely<unknown>): Promise<void>
  }
}
