// One reader of the console's SQLite store, in a worker thread: its statements run here, never on the
// event loop. Plain JavaScript, so it starts under tsx, vitest and node alike with no loader.
// Protocol (query-pool.ts): { id, sql, parameters } in, { id, rows } or { id, error } out.
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import Database from 'better-sqlite3'

// Heavy reads yield the CPU to the event loop's thread, which answers everyone: on Linux a priority set with
// pid 0 is this thread's alone. Where it cannot be set, the reader runs at the process's own.
try {
  setPriority(workerData.nice)
} catch {}

const sqlite = new Database(workerData.path, { readonly: true, fileMustExist: true })
sqlite.pragma('busy_timeout = 5000')

// The search runs a few dozen distinct statements: each is prepared once (bounded, as database.ts does).
const MAX_KEPT_STATEMENTS = 256
const kept = new Map()
const prepared = (source) => {
  let statement = kept.get(source)
  if (!statement) {
    statement = sqlite.prepare(source)
    if (kept.size < MAX_KEPT_STATEMENTS) kept.set(source, statement)
  }
  return statement
}

parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    const statement = prepared(sql)
    if (!statement.reader) throw new Error('A reader of the store runs queries that return rows only.')
    parentPort.postMessage({ id, rows: statement.all(parameters) })
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) })
  }
})
parentPort.postMessage({ ready: true })
