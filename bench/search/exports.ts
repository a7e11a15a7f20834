// Exports of the seeded store, a tenth of its calls and then all of them twice: if the console's memory
// grows with the rows, the second grows ten times as much and the third climbs on from there. The first
// two start from the same state: after an export to warm up, and a full collection in the console.
// A console without the export route says so.
import Database from 'better-sqlite3'
import { CALL_INDEX_PATHS } from '../../src/api/contract/call-index-schemas'
import { CONSOLE_PREFIX } from '../../src/api/contract/console-schemas'
import { type ExportRun, runExport } from './export-run'
import type { SearchClient } from './latency'

const SETTLE_MS = 2_000

export interface ExportFigures {
  part: ExportRun
  all: ExportRun
  /** All of them again at once, with no collection between: memory that grows with rows climbs on. */
  again: ExportRun
  /** The console's memory after a full collection: before the exports, after the tenth, after all. */
  kept: NodeJS.MemoryUsage[]
}

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
  server: { pid: number; collect: () => Promise<{ memory: NodeJS.MemoryUsage }> },
  dbPath: string,
  calls: number,
): Promise<ExportFigures | string> {
  const probe = await fetch(`${client.url}${CONSOLE_PREFIX}${CALL_INDEX_PATHS.export}?q=no-call-has-this`, {
    headers: { cookie: client.cookie },
  })
  await probe.body?.cancel()
  if (probe.status === 404)
    return `this console has no ${CALL_INDEX_PATHS.export} yet (404): merge the call-export branch and run \`npm run bench:search -- --parts export\``
  if (!probe.ok) return `${CALL_INDEX_PATHS.export} answered ${probe.status} to the bench's support user`
  /** The console's memory after a full collection: what it keeps. */
  const settle = async () => {
    const { memory } = await server.collect()
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
    return memory
  }
  const tenth = { from_date: fromDateOfNewest(dbPath, Math.round(calls / 10)) }
  // Untimed: what the first export builds once (compiled code, the heap's first growth) is no export's growth.
  await runExport(client, server.pid, tenth)
  const before = await settle()
  const part = await runExport(client, server.pid, tenth)
  const afterPart = await settle()
  const all = await runExport(client, server.pid, {})
  const again = await runExport(client, server.pid, {})
  return { part, all, again, kept: [before, afterPart, await settle()] }
}
