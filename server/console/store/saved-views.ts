// Saved views of the calls page: a person's own, and everyone's shared ones.
import { randomBytes } from 'node:crypto'
import { type DatePreset, datePreset } from '../../../src/api/contract/call-index-schemas'
import type { SavedViewInput } from '../../../src/api/contract/saved-view-schemas'
import type { StoreAdapter } from './adapter'
import type { ConsoleDb } from './database'

/** Views one person may keep: plenty for a sidebar, and a bound on what one account can store. */
export const MAX_VIEWS_PER_PERSON = 100

export interface SavedViewRow {
  id: string
  ownerId: string
  ownerEmail: string
  name: string
  search: string
  shared: boolean
  pinned: boolean
  updatedAt: number
  datePreset: DatePreset | null
}

export function createSavedViewQueries(db: ConsoleDb, adapter: StoreAdapter) {
  const selectViews = () =>
    db
      .selectFrom('saved_views')
      .innerJoin('users', 'users.id', 'saved_views.owner_id')
      .select([
        'saved_views.id',
        'saved_views.owner_id as ownerId',
        'users.email as ownerEmail',
        'saved_views.name',
        'saved_views.search',
        'saved_views.shared',
        'saved_views.pinned',
        'saved_views.updated_at as updatedAt',
        'saved_views.date_preset as datePreset',
      ])
  type Selected = Omit<SavedViewRow, 'shared' | 'pinned' | 'datePreset'> & {
    shared: number
    pinned: number
    datePreset: string | null
  }
  const toRow = (row: Selected): SavedViewRow => ({
    ...row,
    shared: row.shared === 1,
    pinned: row.pinned === 1,
    // A preset this console no longer knows reads as none: the view keeps its own dates.
    datePreset: datePreset.safeParse(row.datePreset).data ?? null,
  })

  return {
    /** The person's own views and everyone's shared ones, by name. */
    visibleTo: async (userId: string): Promise<SavedViewRow[]> =>
      (
        await selectViews()
          .where((eb) => eb.or([eb('saved_views.owner_id', '=', userId), eb('saved_views.shared', '=', 1)]))
          .orderBy('saved_views.name')
          .orderBy('saved_views.id')
          .execute()
      ).map(toRow),
    find: async (id: string): Promise<SavedViewRow | null> => {
      const row = await selectViews().where('saved_views.id', '=', id).executeTakeFirst()
      return row ? toRow(row) : null
    },
    /**
     * Saves a view and answers its id, or null when the person already keeps `most`. The count and the insert are
     * one serial transaction, so saves sent at once (several tabs, two instances) cannot pass the cap between
     * them. With a request key, a second save of that key inserts nothing and answers the first one's id, with
     * `created` false.
     */
    create: (
      ownerId: string,
      view: SavedViewInput,
      at: number,
      requestKey: string | null,
      most: number = MAX_VIEWS_PER_PERSON,
    ): Promise<{ id: string; created: boolean } | null> =>
      adapter.serialTransaction(db, async (tx) => {
        if (requestKey !== null) {
          const earlier = await tx
            .selectFrom('saved_views')
            .select('id')
            .where('owner_id', '=', ownerId)
            .where('request_key', '=', requestKey)
            .executeTakeFirst()
          if (earlier) return { id: earlier.id, created: false }
        }
        const { n } = await tx
          .selectFrom('saved_views')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('owner_id', '=', ownerId)
          .executeTakeFirstOrThrow()
        if (Number(n) >= most) return null
        const id = `view_${randomBytes(9).toString('base64url')}`
        await tx
          .insertInto('saved_views')
          .values({ id, owner_id: ownerId, ...flags(view), updated_at: at, request_key: requestKey })
          .execute()
        return { id, created: true }
      }),
    update: async (id: string, view: SavedViewInput, at: number): Promise<void> => {
      await db
        .updateTable('saved_views')
        .set({ ...flags(view), updated_at: at })
        .where('id', '=', id)
        .execute()
    },
    remove: async (id: string): Promise<void> => {
      await db.deleteFrom('saved_views').where('id', '=', id).execute()
    },
  }
}

const flags = (view: SavedViewInput) => ({
  name: view.name,
  search: view.search,
  shared: view.shared ? 1 : 0,
  pinned: view.pinned ? 1 : 0,
  date_preset: view.datePreset ?? null,
})
