// What a SQLite store's file holds, read from the file itself (no migration, no workers): the tables with their
// row counts, the audit trail's head and the last migration applied. A backup says it; a restore checks it.
import BetterSqlite3 from 'better-sqlite3'

export interface StoreFileSummary {
  tables: { name: string; rows: number }[]
  /** `SEQ:HASH` of the newest audit entry, or null for an empty trail. */
  auditHead: string | null
  /** The newest migration applied (Kysely's kysely_migration table), or null for a file the console never opened. */
  migration: string | null
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`

/** Opens `path` read-only and says what it holds; throws, saying why, when it is not a console's store. */
export function summarizeStoreFile(path: string): StoreFileSummary {
  const sqlite = new BetterSqlite3(path, { readonly: true, fileMustExist: true })
  try {
    const check = sqlite.pragma('quick_check', { simple: true })
    if (check !== 'ok') throw new Error(`${path} is damaged: SQLite's quick_check says "${check}"`)
    const names = sqlite
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .pluck()
      .all() as string[]
    if (!names.includes('audit_log') || !names.includes('kysely_migration'))
      throw new Error(`${path} is not a console's store: it has no audit_log or kysely_migration table`)
    // A full-text table's own storage (call_index_fts_data, …) is counted with the table it belongs to.
    const virtual = sqlite
      .prepare("select name from sqlite_master where type = 'table' and sql like 'create virtual table%'")
      .pluck()
      .all() as string[]
    const shadow = (name: string) => virtual.some((owner) => name.startsWith(`${owner}_`))
    const tables = names
      .filter((name) => !shadow(name))
      .map((name) => ({
        name,
        rows: Number(
          sqlite
            .prepare(`select count(*) from ${quoted(name)}`)
            .pluck()
            .get(),
        ),
      }))
    const head = sqlite.prepare('select seq, hash from audit_log order by seq desc limit 1').get() as
      | { seq: number; hash: string }
      | undefined
    const migration = sqlite.prepare('select max(name) from kysely_migration').pluck().get() as string | null
    return { tables, auditHead: head ? `${head.seq}:${head.hash}` : null, migration }
  } finally {
    sqlite.close()
  }
}

/** The summary as lines for a person. */
export function describeStoreFile(summary: StoreFileSummary): string[] {
  const width = Math.max(...summary.tables.map((table) => table.name.length))
  return [
    `Audit head: ${summary.auditHead ?? 'none (the trail is empty)'}`,
    `Migration: ${summary.migration ?? 'none'}`,
    'Tables (rows):',
    ...summary.tables.map((table) => `  ${table.name.padEnd(width)}  ${table.rows}`),
  ]
}
