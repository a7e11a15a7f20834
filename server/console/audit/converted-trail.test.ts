// A trail written by the release before keyed hashes (commit a456734: fixtures/README.md) is converted by migration
// 0029 and verifies: its numbers leave the hashed entries, the head noted before the upgrade and a retention
// checkpoint still check, and a number erased afterwards leaves no digit behind. On both stores: PostgreSQL's copy is
// made by loading the fixture's rows into a new database at migration 0027 (the same rows, whatever pg_dump's version).
import { mkdtempSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { type ConsoleStore, openStore } from '../store'
import { openSqlite } from '../store/sqlite/open'
import { migrateUpTo, newStoreLocation, withRawStore } from '../test-support/store-at-migration'
import { onPostgres } from '../test-support/test-store'
import { createAuditLog } from './audit-log'
import { auditVerify } from './cli-commands'
import { type AuditHead, formatHead, parseHead } from './head'
import { verifyAuditTrail } from './verify'

const FIXTURE = join(__dirname, 'fixtures', 'audit-a456734.sqlite.gz')
/** What the fixture's trail holds (fixtures/README.md). */
const NOTE_CALL_DESTINATION = '+14155550177'
const LISTED = '+14155550142'
const PLACED = '+15005550006'

/** The fixture as a SQLite file of its own. */
async function fixtureFile(): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'audit-fixture-')), 'console.sqlite')
  writeFileSync(file, gunzipSync(await readFile(FIXTURE)))
  return file
}

/** The release's database on this run's store, not yet migrated past 0027. */
async function releaseDatabase(): Promise<string> {
  const file = await fixtureFile()
  if (!onPostgres()) return file
  const location = await newStoreLocation()
  await migrateUpTo(location, '0027_calling_hours_exceptions')
  const { db: source } = openSqlite(file)
  try {
    await withRawStore(location, async (db) => {
      for (const table of ['audit_log', 'indexed_calls', 'console_secrets'] as const) {
        const rows = await source.selectFrom(table).selectAll().execute()
        if (rows.length > 0) await db.insertInto(table).values(rows).execute()
      }
    })
  } finally {
    await source.destroy()
  }
  return location
}

const headOf = async (location: string): Promise<AuditHead> =>
  withRawStore(location, async (db) => {
    const row = await db
      .selectFrom('audit_log')
      .select(['seq', 'hash'])
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow()
    return row
  })

/** Every row of every audit table, as text. */
async function auditTablesText(store: ConsoleStore): Promise<string> {
  const rows = await Promise.all(
    ['audit_log', 'audit_guard', 'audit_personal_values'].map(
      async (table) => (await sql`select * from ${sql.table(table)}`.execute(store.db)).rows,
    ),
  )
  return JSON.stringify(rows)
}

async function verifyWithHead(store: ConsoleStore, head: AuditHead) {
  const lines: string[] = []
  const code = await auditVerify(store, { out: (line) => lines.push(line), err: (line) => lines.push(line) }, head)
  return { code, said: lines.join('\n') }
}

describe('a trail written by the release before keyed hashes', () => {
  it('converts at the upgrade and verifies, its old head and its retention checkpoint still checking', async () => {
    const location = await releaseDatabase()
    const oldHead = await headOf(location)
    const raw = await withRawStore(location, (db) => db.selectFrom('audit_log').selectAll().orderBy('seq').execute())
    expect(JSON.stringify(raw)).toContain(LISTED)
    const checkpoint = raw.find((row) => row.action === 'audit.pruned')
    const continuesFrom = JSON.parse(checkpoint?.detail ?? '{}').continuesFrom as string
    const firstKept = raw[0]?.seq ?? 0
    expect(firstKept).toBeGreaterThan(1)

    const store = await openStore(location, undefined, { connections: 2 })
    try {
      const verified = await verifyAuditTrail(store)
      expect(verified).toMatchObject({
        ok: true,
        entries: raw.length + 1,
        firstSeq: firstKept,
        lastSeq: oldHead.seq + 1,
      })
      const [converted] = await store.audit.page({ action: 'audit.converted' }, 1)
      expect(JSON.parse(converted?.detail ?? '{}')).toMatchObject({ entries: raw.length, oldHead })
      // No number is left in the hashed entries; people read them as before.
      const hashed = JSON.stringify(await store.audit.ascending(0, 100))
      for (const number of [LISTED, PLACED, NOTE_CALL_DESTINATION]) expect(hashed).not.toContain(number.slice(2))
      const shown = await store.audit.page({}, 100)
      const written = (seq: number) => raw.find((row) => row.seq === seq)
      for (const entry of shown.filter((row) => row.action !== 'audit.converted'))
        expect([entry.target, entry.detail]).toEqual([written(entry.seq)?.target, written(entry.seq)?.detail])

      // Heads noted before the upgrade: the last one, named by the conversion; one a retention prune removed.
      expect(await verifyWithHead(store, oldHead)).toMatchObject({
        code: 0,
        said: expect.stringMatching(/before the upgrade to keyed hashes/),
      })
      expect((await verifyWithHead(store, { seq: firstKept - 1, hash: continuesFrom })).code).toBe(0)
      // An older head, noted before that one: its hash as written is recomputed, the values put back.
      const older = { seq: oldHead.seq - 1, hash: written(oldHead.seq - 1)?.hash ?? '' }
      expect(await verifyWithHead(store, older)).toMatchObject({
        code: 0,
        said: expect.stringMatching(/before the upgrade/),
      })
      expect((await verifyWithHead(store, { seq: firstKept + 1, hash: written(firstKept + 1)?.hash ?? '' })).code).toBe(
        0,
      )
      for (const seq of [firstKept + 1, oldHead.seq])
        expect((await verifyWithHead(store, { seq, hash: 'f'.repeat(64) })).code).toBe(1)
      const newHead = parseHead(formatHead((await store.audit.head()) as AuditHead)) as AuditHead
      expect((await verifyWithHead(store, newHead)).code).toBe(0)

      // A number erased afterwards: the trail still verifies with the same head, no digit of it left.
      const values = await store.auditPersonal.valuesOfSubject(NOTE_CALL_DESTINATION)
      expect(values.map((value) => value.action).sort()).toEqual([
        'call.note-saved',
        'calls.export-started',
        'do-not-call.added',
        'do-not-call.added',
      ])
      const erased = await store.auditPersonal.eraseSubject(NOTE_CALL_DESTINATION)
      expect(erased).toEqual({ values: values.length, entries: 3 })
      expect(await store.audit.head()).toEqual(newHead)
      expect((await verifyAuditTrail(store)).ok).toBe(true)
      expect(await auditTablesText(store)).not.toContain(NOTE_CALL_DESTINATION.slice(2))
      await createAuditLog(store).record({ actor: null, action: 'audit.exported', outcome: 200, detail: { rows: 0 } })
      expect((await verifyWithHead(store, oldHead)).code).toBe(0)
      // An older head past an erased value can no longer be recomputed, and says which head to check.
      expect(await verifyWithHead(store, older)).toMatchObject({
        code: 1,
        said: expect.stringContaining(`check the head that upgrade names, ${formatHead(oldHead)}`),
      })
    } finally {
      await store.close()
    }
  })

  it('converts once: a second start finds nothing to do and the trail goes on', async () => {
    const location = await releaseDatabase()
    const first = await openStore(location, undefined, { connections: 2 })
    const head = await first.audit.head()
    await first.close()
    const again = await openStore(location, undefined, { connections: 2 })
    try {
      expect(await again.audit.head()).toEqual(head)
      expect(await again.audit.page({ action: 'audit.converted' }, 10)).toHaveLength(1)
      expect((await verifyAuditTrail(again)).ok).toBe(true)
    } finally {
      await again.close()
    }
  })
})
