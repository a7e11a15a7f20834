// The search bench's console store: N indexed calls (bulk-index.ts) behind a finished backfill, seeded
// once and kept under node_modules/.cache, keyed by SEED_VERSION and N. Each run works on a copy, so
// the console's own writes (sessions, audit entries) never reach the cache.
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { hashPassword } from '../../server/console/auth/passwords'
import { openStore } from '../../server/console/store'
import { createBulkIndexWriter, type IndexedByConsole } from './bulk-index'
import { CALL_PLACERS, generateCalls, SEEDED_UNTIL } from './generate-calls'

/** Raise it whenever the generated calls or the index's tables change: the cached file is then seeded anew. */
export const SEED_VERSION = 4
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const CACHE_DIR = join(ROOT, 'node_modules/.cache/search-bench')
const BATCH = 10_000

const placerEmail = (index: number) => `placer-${index}@search-bench.test`

export interface SeededStore {
  path: string
  /** Seconds the seeding took; null when the cached file was used. */
  seededSeconds: number | null
}

export async function seededStore(count: number, log: (line: string) => void): Promise<SeededStore> {
  const path = join(CACHE_DIR, `index-v${SEED_VERSION}-${count}.sqlite`)
  if (existsSync(path)) return { path, seededSeconds: null }
  mkdirSync(CACHE_DIR, { recursive: true })
  const partial = `${path}.partial`
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true })
  const started = performance.now()

  // The store's own migrations and users: the placers never sign in, one hash serves them all.
  const store = await openStore(partial)
  const passwordHash = await hashPassword(`not-a-password-${Math.random()}`)
  const placerIds: string[] = []
  for (let index = 0; index < CALL_PLACERS; index++)
    placerIds.push((await store.users.add({ email: placerEmail(index), role: 'support', passwordHash, now: 0 })).id)
  await store.close()

  const sqlite = new Database(partial)
  // A file nobody reads until it is renamed: a crash leaves only a .partial to seed again.
  sqlite.pragma('synchronous = OFF')
  sqlite.pragma('cache_size = -262144')
  const write = createBulkIndexWriter(sqlite)
  const writeBatch = sqlite.transaction(write)
  let batch: IndexedByConsole[] = []
  let written = 0
  let newest: number | null = null
  let oldest = 0
  for (const { detail, placer } of generateCalls(count)) {
    newest ??= Date.parse(detail.created_at)
    oldest = Date.parse(detail.created_at)
    batch.push({ detail, ownerId: placer === null ? null : (placerIds[placer] ?? null) })
    if (batch.length < BATCH) continue
    writeBatch(batch, SEEDED_UNTIL)
    written += batch.length
    batch = []
    if (written % 100_000 === 0)
      log(`  ${written.toLocaleString('en-US')} calls, ${((performance.now() - started) / 1000).toFixed(0)} s`)
  }
  writeBatch(batch, SEEDED_UNTIL)
  // As the sync leaves it after a finished backfill and an incremental pass: nothing left to fetch.
  sqlite
    .prepare(`update call_index_sync set watermark = ?, synced_to = ?, backfill_running = 0, backfill_to = ?,
      backfill_cursor = null, backfill_oldest = ?, backfill_listed = ?, backfill_estimated_total = ?,
      backfill_since = ?, backfill_finished_at = ? where id = 1`)
    .run(newest, SEEDED_UNTIL, (newest ?? 0) + 1000, oldest, count, count, oldest, SEEDED_UNTIL)
  sqlite.pragma('wal_checkpoint(TRUNCATE)')
  sqlite.close()
  renameSync(partial, path)
  return { path, seededSeconds: (performance.now() - started) / 1000 }
}

/** A copy of the seeded store for one console: `name`.sqlite in `dir`. */
export function copyStore(seeded: SeededStore, dir: string, name: string): string {
  const copy = join(dir, `${name}.sqlite`)
  copyFileSync(seeded.path, copy)
  return copy
}
