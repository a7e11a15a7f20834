// What the journeys cannot do through a page or the API because it takes the console's clock: moving a callback's
// time into the past. The console decides what is due by its real clock and takes only times ahead, and a callback
// is overdue 15 minutes after its time; no journey waits that long. Written to the console's own database file as
// its CLI does (people.ts), in one statement the store's WAL and busy timeout let through beside the running console.
import Database from 'better-sqlite3'
import { consoleDb, ports } from './servers'

/** Moves the callback's time to `dueAt`, as if it had been asked for that long ago. */
export function backdateCallback(id: string, dueAt: number): void {
  const db = new Database(consoleDb(ports.app))
  try {
    db.pragma('busy_timeout = 10000')
    const moved = db.prepare('UPDATE callbacks SET due_at = ? WHERE id = ?').run(dueAt, id)
    if (moved.changes !== 1) throw new Error(`no callback ${id} in the console's database`)
  } finally {
    db.close()
  }
}
