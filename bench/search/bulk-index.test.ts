// The bench's bulk seeding leaves exactly the rows the sync writes: the same generated calls go into
// one store through its own writes (a backfill's list pages, then each call's detail, and the owners a
// console records) and into a copy of it through bulk-index.ts; every table of the index must match.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, expect, it } from 'vitest'
import { openStore } from '../../server/console/store'
import type { CallListItem } from '../../server/simulator/contract/schemas'
import { createBulkIndexWriter } from './bulk-index'
import { CALL_PLACERS, generateCalls } from './generate-calls'

const dir = mkdtempSync(join(tmpdir(), 'bulk-index-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const DETAILS_AT = Date.parse('2026-11-20T00:00:00Z')
const listItem = ({ call_id, status, caller_id, destination, duration_seconds, created_at }: CallListItem) => ({
  call_id,
  status,
  caller_id,
  destination,
  duration_seconds,
  created_at,
})

const TABLES = [
  'select * from indexed_calls order by id',
  'select * from indexed_call_metadata order by call_row, rowid',
  'select rowid, numbers, metadata from indexed_call_text order by rowid',
  'select * from call_owners order by call_id',
  'select indexed_count, pending_details_count from call_index_sync',
]
const matching = 'select rowid from indexed_call_text where indexed_call_text match ?'

/** A new store with the console users who place calls; their ids. */
async function storeWithPlacers(path: string): Promise<string[]> {
  const store = await openStore(path)
  const placers: string[] = []
  for (let index = 0; index < CALL_PLACERS; index++)
    placers.push(
      (await store.users.add({ email: `p${index}@example.com`, role: 'support', passwordHash: 'x', now: 0 })).id,
    )
  await store.close()
  return placers
}

it('writes what the store writes for the same calls', async () => {
  const calls = [...generateCalls(500)]
  const [synced, bulk] = [join(dir, 'synced.sqlite'), join(dir, 'bulk.sqlite')]
  const placers = await storeWithPlacers(synced)
  copyFileSync(synced, bulk)

  // As the sync writes them: a backfill's list pages of 100, then each call's detail.
  const store = await openStore(synced)
  for (let start = 0; start < calls.length; start += 100)
    await store.callIndex.upsertListed(calls.slice(start, start + 100).map(({ detail }) => listItem(detail)))
  for (const { detail, placer } of calls) {
    await store.callIndex.writeDetail(detail, DETAILS_AT)
    if (placer !== null)
      await store.callOwners.record(detail.call_id, placers[placer] ?? '', Date.parse(detail.created_at))
  }
  await store.close()

  const sqlite = new Database(bulk)
  sqlite.transaction(createBulkIndexWriter(sqlite))(
    calls.map(({ detail, placer }) => ({ detail, ownerId: placer === null ? null : (placers[placer] ?? null) })),
    DETAILS_AT,
  )
  sqlite.close()

  const [a, b] = [new Database(synced, { readonly: true }), new Database(bulk, { readonly: true })]
  for (const query of TABLES) expect(b.prepare(query).all(), query).toEqual(a.prepare(query).all())
  expect(a.prepare('select count(*) as n from call_owners').get()).not.toEqual({ n: 0 })
  // The trigram index itself, not only its content: the same terms find the same rows.
  for (const term of ['555', 't-1', 'zx-', 'garcia'])
    expect(b.prepare(matching).all(`"${term}"`), term).toEqual(a.prepare(matching).all(`"${term}"`))
  a.close()
  b.close()
})
