// The call index sync's progress (one row), so a restart resumes the backfill from its cursor and the
// incremental sync from its watermark. A backfill page and its progress are written in one transaction.
import type { Updateable } from 'kysely'
import type { CallListItem } from '../../../src/api/contract/schemas'
import type { ConsoleDb } from './database'
import type { CallIndexSyncTable } from './schema'

type SyncChange = Omit<Updateable<CallIndexSyncTable>, 'id'>

export function createCallIndexSyncQueries(
  db: ConsoleDb,
  upsertListedIn: (trx: ConsoleDb, calls: readonly CallListItem[]) => Promise<void>,
) {
  const update = (trx: ConsoleDb, change: SyncChange) =>
    trx.updateTable('call_index_sync').set(change).where('id', '=', 1).execute()
  return {
    read: () => db.selectFrom('call_index_sync').selectAll().where('id', '=', 1).executeTakeFirstOrThrow(),
    update: (change: SyncChange) => update(db, change).then(() => undefined),
    /** A page of calls with the progress it makes, both or neither (a crash between them would count twice). */
    listedPage: (calls: readonly CallListItem[], change: SyncChange) =>
      db.transaction().execute(async (trx) => {
        await upsertListedIn(trx, calls)
        await update(trx, change)
      }),
  }
}
