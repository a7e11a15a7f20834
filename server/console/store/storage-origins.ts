// What the storage proxy learnt from the voice service's answers, shared by every console instance: a link
// relayed by one instance may be played through another.
import type { ConsoleDb } from './database'

export function createStorageOriginQueries(db: ConsoleDb) {
  return {
    learn: async (origin: string, at: number) => {
      await db
        .insertInto('learnt_storage_origins')
        .values({ origin, seen_at: at })
        .onConflict((oc) => oc.column('origin').doUpdateSet({ seen_at: at }))
        .execute()
    },
    known: async (origin: string): Promise<boolean> =>
      (await db
        .selectFrom('learnt_storage_origins')
        .select('origin')
        .where('origin', '=', origin)
        .executeTakeFirst()) !== undefined,
    noteLink: async (link: string, callId: string, at: number) => {
      await db
        .insertInto('recording_links')
        .values({ link, call_id: callId, seen_at: at })
        .onConflict((oc) => oc.column('link').doUpdateSet({ call_id: callId, seen_at: at }))
        .execute()
    },
    callOfLink: async (link: string): Promise<string | null> =>
      (await db.selectFrom('recording_links').select('call_id').where('link', '=', link).executeTakeFirst())?.call_id ??
      null,
    /** Origins and links the service has not named since `before`. */
    deleteStale: async (before: number) => {
      await db.deleteFrom('recording_links').where('seen_at', '<', before).execute()
      await db.deleteFrom('learnt_storage_origins').where('seen_at', '<', before).execute()
    },
  }
}

export type StorageOriginQueries = ReturnType<typeof createStorageOriginQueries>
