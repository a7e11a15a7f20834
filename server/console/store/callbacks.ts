// Callbacks (issue 51, item 3): a time to call a callee back, the person it is for (or everyone), and whether it
// was done or cancelled. The console's clock decides what is due; every instance reads the same rows.
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { StoreAdapter } from './adapter'
import type { ConsoleDb } from './database'

export interface CallbackRow {
  id: string
  callId: string
  number: string
  callerId: string
  metadata: Record<string, unknown>
  timeZones: string[]
  dueAt: number
  owner: { userId: string; email: string } | null
  createdBy: { userId: string; email: string }
  createdAt: number
  done: { at: number; userId: string; email: string; callId: string | null } | null
  cancelledAt: number | null
}

export interface NewCallback {
  callId: string
  number: string
  callerId: string
  metadata: Record<string, unknown>
  timeZones: readonly string[]
  dueAt: number
  ownerId: string | null
  createdBy: string
}

/**
 * Open callbacks at most: of one call (a callee needs one, or a couple of people's), asked by one person, and in all,
 * so one person's thousands never crowd out everyone's "Due now", and the table stays the size of the team's work.
 */
export const OPEN_CALLBACKS = { perCall: 3, perPerson: 500, inAll: 20_000 }

/** A callback made, or which cap refused it. */
export type CallbackCreated = { id: string } | { refused: 'call' | 'person' | 'everyone' }

/** Which open callbacks to read: a person's own and everyone's, or all people's (managers' overdue). */
export type CallbackScope = { visibleTo: string } | { everyone: true }

export function createCallbackQueries(db: ConsoleDb, adapter: StoreAdapter) {
  const select = () =>
    db
      .selectFrom('callbacks')
      .leftJoin('users as owner', 'owner.id', 'callbacks.owner_id')
      .innerJoin('users as creator', 'creator.id', 'callbacks.created_by')
      .leftJoin('users as doer', 'doer.id', 'callbacks.done_by')
      .select([
        'callbacks.id',
        'callbacks.call_id',
        'callbacks.number',
        'callbacks.caller_id',
        'callbacks.metadata',
        'callbacks.time_zones',
        'callbacks.due_at',
        'callbacks.owner_id',
        'owner.email as owner_email',
        'callbacks.created_by',
        'creator.email as creator_email',
        'callbacks.created_at',
        'callbacks.done_at',
        'callbacks.done_by',
        'doer.email as doer_email',
        'callbacks.done_call_id',
        'callbacks.cancelled_at',
      ])
  type Selected = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>
  const toRow = (row: Selected): CallbackRow => ({
    id: row.id,
    callId: row.call_id,
    number: row.number,
    callerId: row.caller_id,
    metadata: JSON.parse(row.metadata) as Record<string, unknown>,
    timeZones: JSON.parse(row.time_zones) as string[],
    dueAt: Number(row.due_at),
    owner: row.owner_id ? { userId: row.owner_id, email: row.owner_email ?? '' } : null,
    createdBy: { userId: row.created_by, email: row.creator_email },
    createdAt: Number(row.created_at),
    done:
      row.done_at !== null && row.done_by !== null
        ? { at: Number(row.done_at), userId: row.done_by, email: row.doer_email ?? '', callId: row.done_call_id }
        : null,
    cancelledAt: row.cancelled_at === null ? null : Number(row.cancelled_at),
  })
  const open = () => select().where('callbacks.done_at', 'is', null).where('callbacks.cancelled_at', 'is', null)

  return {
    /**
     * Saves a callback unless a cap of `most` is reached. The counts and the insert are one serial transaction, so
     * requests at once (several tabs, two instances) cannot pass a cap between them.
     */
    create: (callback: NewCallback, at: number, most = OPEN_CALLBACKS): Promise<CallbackCreated> =>
      adapter.serialTransaction(db, async (tx) => {
        const count = async (narrow?: 'call' | 'person') => {
          let query = tx
            .selectFrom('callbacks')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('done_at', 'is', null)
            .where('cancelled_at', 'is', null)
          if (narrow === 'call') query = query.where('call_id', '=', callback.callId)
          if (narrow === 'person') query = query.where('created_by', '=', callback.createdBy)
          return Number((await query.executeTakeFirstOrThrow()).n)
        }
        if ((await count('call')) >= most.perCall) return { refused: 'call' }
        if ((await count('person')) >= most.perPerson) return { refused: 'person' }
        if ((await count()) >= most.inAll) return { refused: 'everyone' }
        const id = `cb_${randomBytes(9).toString('base64url')}`
        await tx
          .insertInto('callbacks')
          .values({
            id,
            call_id: callback.callId,
            number: callback.number,
            caller_id: callback.callerId,
            metadata: JSON.stringify(callback.metadata),
            time_zones: JSON.stringify(callback.timeZones),
            due_at: callback.dueAt,
            owner_id: callback.ownerId,
            created_by: callback.createdBy,
            created_at: at,
          })
          .execute()
        return { id }
      }),
    find: async (id: string): Promise<CallbackRow | null> => {
      const row = await select().where('callbacks.id', '=', id).executeTakeFirst()
      return row ? toRow(row) : null
    },
    /** Open callbacks due at or before `dueBy` (all of them when null), soonest first, at most `limit`. */
    open: async (scope: CallbackScope, dueBy: number | null, limit: number): Promise<CallbackRow[]> => {
      let query = open()
      if ('visibleTo' in scope)
        query = query.where((eb) =>
          eb.or([eb('callbacks.owner_id', '=', scope.visibleTo), eb('callbacks.owner_id', 'is', null)]),
        )
      if (dueBy !== null) query = query.where('callbacks.due_at', '<=', dueBy)
      return (await query.orderBy('callbacks.due_at').orderBy('callbacks.id').limit(limit).execute()).map(toRow)
    },
    /** What a callback copies from its call (the call index), and who placed it here (null: not through here). */
    callFacts: async (
      callId: string,
    ): Promise<{
      number: string
      callerId: string
      metadata: Record<string, unknown>
      placerId: string | null
    } | null> => {
      const row = await db
        .selectFrom('indexed_calls')
        .leftJoin('call_owners', 'call_owners.call_id', 'indexed_calls.call_id')
        .select([
          'indexed_calls.destination',
          'indexed_calls.caller_id',
          'indexed_calls.metadata',
          'call_owners.user_id',
        ])
        .where('indexed_calls.call_id', '=', callId)
        .executeTakeFirst()
      if (!row) return null
      const metadata: unknown = row.metadata === null ? null : JSON.parse(row.metadata)
      return {
        number: row.destination,
        callerId: row.caller_id,
        metadata: metadata !== null && typeof metadata === 'object' ? (metadata as Record<string, unknown>) : {},
        placerId: row.user_id,
      }
    },
    /** The open callbacks asked from these calls, for the call page. */
    ofCall: async (callId: string): Promise<CallbackRow[]> =>
      (await open().where('callbacks.call_id', '=', callId).orderBy('callbacks.due_at').execute()).map(toRow),
    /** Each change applies only to an open callback: false when it was done or cancelled meanwhile. */
    reschedule: async (id: string, dueAt: number): Promise<boolean> =>
      changed(
        await db
          .updateTable('callbacks')
          .set({ due_at: dueAt })
          .where('id', '=', id)
          .where('done_at', 'is', null)
          .where('cancelled_at', 'is', null)
          .executeTakeFirst(),
      ),
    markDone: async (id: string, userId: string, callId: string | null, at: number): Promise<boolean> =>
      changed(
        await db
          .updateTable('callbacks')
          .set({ done_at: at, done_by: userId, done_call_id: callId })
          .where('id', '=', id)
          .where('done_at', 'is', null)
          .where('cancelled_at', 'is', null)
          .executeTakeFirst(),
      ),
    cancel: async (id: string, userId: string, at: number): Promise<boolean> =>
      changed(
        await db
          .updateTable('callbacks')
          .set({ cancelled_at: at, cancelled_by: userId })
          .where('id', '=', id)
          .where('done_at', 'is', null)
          .where('cancelled_at', 'is', null)
          .executeTakeFirst(),
      ),
    /**
     * Whether this tab is the one to tell the person (`first`). With `holdMs` (a tab that will say when it showed the
     * notice), the first to ask wins a claim held `holdMs` for it: asking again (its answer lost) it hears `first`
     * again and its hold starts again; once the hold has lapsed unshown (the tab closed between winning and showing),
     * the next tab to ask takes it; once shown, nobody is told again. Others hear until when it is held
     * (`heldUntil`): ask again then. Without `holdMs` (an older page), the rule before holds: the first wins for
     * good, the same tab asking again hears `first` again, and nothing is held for it.
     */
    noteNotice: async (
      callbackId: string,
      userId: string,
      tab: string | null,
      at: number,
      holdMs: number | null,
    ): Promise<{ first: boolean; heldUntil: number | null }> => {
      const holding = tab !== null && holdMs !== null
      const result = await db
        .insertInto('callback_notices')
        .values({ callback_id: callbackId, user_id: userId, at, tab, shown_at: holding ? null : at })
        .onConflict((oc) => oc.columns(['callback_id', 'user_id']).doNothing())
        .executeTakeFirst()
      if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) return { first: true, heldUntil: null }
      const won = await db
        .selectFrom('callback_notices')
        .select(['tab', 'at', 'shown_at'])
        .where('callback_id', '=', callbackId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
      const mine = tab !== null && won?.tab === tab
      if (!won || won.shown_at !== null) return { first: !holding && mine, heldUntil: null }
      if (!holding) return { first: false, heldUntil: null }
      if (mine) {
        // Its answer was lost: the hold starts again, unless another tab took the claim or it was shown meanwhile.
        const renewed = await db
          .updateTable('callback_notices')
          .set({ at })
          .where('callback_id', '=', callbackId)
          .where('user_id', '=', userId)
          .where('tab', '=', tab)
          .where('shown_at', 'is', null)
          .executeTakeFirst()
        return changed(renewed) ? { first: true, heldUntil: null } : { first: false, heldUntil: at + holdMs }
      }
      const heldUntil = won.at + holdMs
      if (at < heldUntil) return { first: false, heldUntil }
      // The claim lapsed unshown: this tab takes it, unless another took it or it was shown since it was read.
      const taken = await db
        .updateTable('callback_notices')
        .set({ tab, at })
        .where('callback_id', '=', callbackId)
        .where('user_id', '=', userId)
        .where('at', '=', won.at)
        .where('shown_at', 'is', null)
        .executeTakeFirst()
      return changed(taken) ? { first: true, heldUntil: null } : { first: false, heldUntil: at + holdMs }
    },
    /** The tab that holds the person's notice showed it: nobody else is told. False when this tab does not hold it. */
    noteShown: async (callbackId: string, userId: string, tab: string, at: number): Promise<boolean> =>
      changed(
        await db
          .updateTable('callback_notices')
          .set({ shown_at: sql<number>`coalesce(shown_at, ${at})` })
          .where('callback_id', '=', callbackId)
          .where('user_id', '=', userId)
          .where('tab', '=', tab)
          .executeTakeFirst(),
      ),
  }
}

const changed = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows > 0n
