// Two exports of the seeded store, a tenth of its calls and then all of them: if the console's memory
// grows with the rows, the second grows ten times as much. A console without the export route says so.
import Database from 'better-sqlite3'
import { CALL_INDEX_PATHS } from '../../src/api/call-index-schemas'
import { CONSOLE_PREFIX } from '../../src/api/console-schemas'
import { type ExportRun, runExport } from './export-run'
import type { SearchClient } from './latency'

const SETTLE_MS = 2_000

/** The from_date that selects the newest `rows` calls (a few more where calls share the second). */
function fromDateOfNewest(dbPath: string, rows: number): string {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true })
  try {
    const row = db
      .prepare('select created_at from indexed_calls order by created_at desc, call_id desc limit 1 offset ?')
      .get(rows - 1) as { created_at: number }
    return new Date(row.created_at).toISOString()
  } finally {
    db.close()
  }
}

export async function measureExports(
  client: SearchClient,
  pid: number,
  dbPath: string,
  calls: number,
): Promise<{ part: ExportRun; all: ExportRun } | string> {
  const probe = await fetch(`${client.url}${CONSOLE_PREFIX}${CALL_INDEX_PATHS.export}?q=no-call-has-this`, {
    headers: { cookie: client.cookie },
  })
  await probe.body?.cancel()
  if (probe.status === 404)
    return `this console has no ${CALL_INDEX_PATHS.export} yet (404): merge the call-export branch and run \`npm run bench:search -- --parts export\``
  if (!probe.ok) return `${CALL_INDEX_PATHS.export} answered ${probe.status} to the bench's support user`
  const pause = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
  await pause()
  const part = await runExport(client, pid, { from_date: fromDateOfNewest(dbPath, Math.round(calls / 10)) })
  await pause()
  const all = await runExport(client, pid, {})
  return { part, all }
}
