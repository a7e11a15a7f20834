// The usage bench's store: the search bench's seeded index (bench/search/seeded-store.ts, the same calls)
// with a `team` on each call that has metadata, as the breakdown by a metadata key reads it, and the console's
// migrations applied (the usage index). Made once and kept beside the search bench's, keyed by its version.
import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import Database from 'better-sqlite3'
import { openStore } from '../../server/console/store'
import { SEED_VERSION, seededStore } from '../search/seeded-store'

/** Raise it when the teams or the way they are added change. */
const TEAMS_VERSION = 1
const TEAMS = ['Renewals', 'Onboarding', 'Collections', 'Support', 'Sales', 'Outbound']

export async function usageStore(calls: number, log: (line: string) => void) {
  const seeded = await seededStore(calls, log)
  const path = join(dirname(seeded.path), `usage-v${SEED_VERSION}.${TEAMS_VERSION}-${calls}.sqlite`)
  if (existsSync(path)) return { path, seededSeconds: seeded.seededSeconds, teamsSeconds: null }
  const started = performance.now()
  const partial = `${path}.partial`
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true })
  copyFileSync(seeded.path, partial)
  const sqlite = new Database(partial)
  sqlite.pragma('synchronous = OFF')
  // The team of a call's agent, spelled as a person would (the search table keeps it lower-cased); a call
  // without metadata has none, as the "No team" row shows.
  sqlite.function('team_of', (id: number) => TEAMS[Number(id) % TEAMS.length] ?? null)
  sqlite.exec(`update indexed_calls set metadata = json_set(metadata, '$.team', team_of(id))
    where metadata is not null and metadata != '{}'`)
  sqlite.exec(`insert into indexed_call_metadata (call_row, key, key_lower, value_lower)
    select id, 'team', 'team', lower(json_extract(metadata, '$.team')) from indexed_calls
    where json_extract(metadata, '$.team') is not null`)
  sqlite.pragma('wal_checkpoint(TRUNCATE)')
  sqlite.close()
  // The console's migrations (the usage index among them), as a console that opened it would leave it.
  const store = await openStore(partial)
  await store.close()
  renameSync(partial, path)
  return { path, seededSeconds: seeded.seededSeconds, teamsSeconds: (performance.now() - started) / 1000 }
}
