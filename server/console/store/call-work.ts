// What follows a call (issue 51): the outcome kinds admins keep, each call's outcome, and its note with every
// version. Keyed by the service's call_id; every instance reads and writes the same rows (no state in process).
import { sql } from 'kysely'
import type { StoreAdapter } from './adapter'
import { noteSearchTextChanged } from './call-index'
import type { ConsoleDb } from './database'

export interface OutcomeKindRow {
  id: string
  label: string
  position: number
  comes_back: boolean
  asks_callback: boolean
  archived: boolean
}

export interface CallOutcomeRow {
  kindId: string
  label: string
  recordedBy: string
  recordedByEmail: string
  recordedAt: number
}

export interface CallNoteRow {
  text: string
  authorId: string
  authorEmail: string
  createdAt: number
  updatedAt: number
  version: number
}

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0)

export function createCallWorkQueries(db: ConsoleDb, adapter: StoreAdapter) {
  const kinds = async (): Promise<OutcomeKindRow[]> =>
    (await db.selectFrom('outcome_kinds').selectAll().orderBy('position').orderBy('id').execute()).map((row) => ({
      ...row,
      comes_back: row.comes_back === 1,
      asks_callback: row.asks_callback === 1,
      archived: row.archived === 1,
    }))

  return {
    kinds,
    kind: async (id: string) => (await kinds()).find((kind) => kind.id === id) ?? null,
    /** False when a kind with that id exists already. Added last, in one serial transaction with the count. */
    addKind: (kind: { id: string; label: string; comes_back?: boolean; asks_callback?: boolean }) =>
      adapter.serialTransaction(db, async (tx) => {
        const taken = await tx.selectFrom('outcome_kinds').select('id').where('id', '=', kind.id).executeTakeFirst()
        if (taken) return false
        const { last } = await tx
          .selectFrom('outcome_kinds')
          .select((eb) => eb.fn.max('position').as('last'))
          .executeTakeFirstOrThrow()
        await tx
          .insertInto('outcome_kinds')
          .values({
            id: kind.id,
            label: kind.label,
            position: Number(last ?? -1) + 1,
            comes_back: flag(kind.comes_back) ?? 0,
            asks_callback: flag(kind.asks_callback) ?? 0,
            archived: 0,
          })
          .execute()
        return true
      }),
    /** Changes a kind; a new position moves it there and renumbers the others in order. False: no such kind. */
    changeKind: (
      id: string,
      change: { label?: string; position?: number; archived?: boolean; comes_back?: boolean; asks_callback?: boolean },
    ) =>
      adapter.serialTransaction(db, async (tx) => {
        const found = await tx.selectFrom('outcome_kinds').select('id').where('id', '=', id).executeTakeFirst()
        if (!found) return false
        const set = {
          label: change.label,
          archived: flag(change.archived),
          comes_back: flag(change.comes_back),
          asks_callback: flag(change.asks_callback),
        }
        if (Object.values(set).some((value) => value !== undefined))
          await tx.updateTable('outcome_kinds').set(set).where('id', '=', id).execute()
        if (change.position !== undefined) {
          const order = (
            await tx.selectFrom('outcome_kinds').select('id').orderBy('position').orderBy('id').execute()
          ).map((row) => row.id)
          const others = order.filter((other) => other !== id)
          others.splice(Math.min(change.position, others.length), 0, id)
          for (const [position, kindId] of others.entries())
            await tx.updateTable('outcome_kinds').set({ position }).where('id', '=', kindId).execute()
        }
        return true
      }),

    outcomeOf: async (callId: string): Promise<CallOutcomeRow | null> => {
      const row = await db
        .selectFrom('call_outcomes as o')
        .innerJoin('outcome_kinds as k', 'k.id', 'o.kind_id')
        .leftJoin('users as u', 'u.id', 'o.recorded_by')
        .select(['o.kind_id', 'k.label', 'o.recorded_by', 'u.email', 'o.recorded_at'])
        .where('o.call_id', '=', callId)
        .executeTakeFirst()
      return row
        ? {
            kindId: row.kind_id,
            label: row.label,
            recordedBy: row.recorded_by,
            recordedByEmail: row.email ?? 'a removed person',
            recordedAt: Number(row.recorded_at),
          }
        : null
    },
    /**
     * Records or changes a call's outcome; its first recorder and time stay, the change is who and when now. Answers
     * the outcome it replaced, read in the same serial transaction: of two saves at once (two tabs), the second
     * names the first's outcome, so the trail says which one was overwritten.
     */
    recordOutcome: (callId: string, kindId: string, by: string, at: number): Promise<{ previous: string | null }> =>
      adapter.serialTransaction(db, async (tx) => {
        const before = await tx
          .selectFrom('call_outcomes')
          .select('kind_id')
          .where('call_id', '=', callId)
          .executeTakeFirst()
        await tx
          .insertInto('call_outcomes')
          .values({
            call_id: callId,
            kind_id: kindId,
            recorded_by: by,
            recorded_at: at,
            updated_by: by,
            updated_at: at,
          })
          .onConflict((oc) => oc.column('call_id').doUpdateSet({ kind_id: kindId, updated_by: by, updated_at: at }))
          .execute()
        return { previous: before?.kind_id ?? null }
      }),

    noteOf: async (callId: string): Promise<CallNoteRow | null> => {
      const row = await db
        .selectFrom('call_notes as n')
        .leftJoin('users as u', 'u.id', 'n.author_id')
        .select(['n.text', 'n.author_id', 'u.email', 'n.created_at', 'n.updated_at', 'n.version'])
        .where('n.call_id', '=', callId)
        .executeTakeFirst()
      return row
        ? {
            text: row.text,
            authorId: row.author_id,
            authorEmail: row.email ?? 'a removed person',
            createdAt: Number(row.created_at),
            updatedAt: Number(row.updated_at),
            version: Number(row.version),
          }
        : null
    },
    /**
     * Saves a note as its next version, in one serial transaction: two saves at once (two tabs, two instances)
     * make versions 1 and 2, never two 1s. The first save's person is its author. With `basedOn` (the version the
     * text was written over, null for none), nothing is saved when the note has moved on since: `saved` is false
     * and `version` the note's current one (0 for none), so nobody's words are replaced unseen.
     */
    saveNote: (
      callId: string,
      text: string,
      by: string,
      at: number,
      basedOn?: number | null,
    ): Promise<{ saved: boolean; version: number }> =>
      adapter.serialTransaction(db, async (tx) => {
        const current = await tx
          .selectFrom('call_notes')
          .select('version')
          .where('call_id', '=', callId)
          .executeTakeFirst()
        const now = current ? Number(current.version) : null
        if (basedOn !== undefined && basedOn !== now) return { saved: false, version: now ?? 0 }
        const version = (now ?? 0) + 1
        if (current)
          await tx
            .updateTable('call_notes')
            .set({ text, text_lower: text.toLowerCase(), updated_by: by, updated_at: at, version })
            .where('call_id', '=', callId)
            .execute()
        else
          await tx
            .insertInto('call_notes')
            .values({
              call_id: callId,
              text,
              text_lower: text.toLowerCase(),
              author_id: by,
              created_at: at,
              updated_by: by,
              updated_at: at,
              version,
            })
            .execute()
        await tx
          .insertInto('call_note_versions')
          .values({ call_id: callId, version, text, saved_by: by, saved_at: at })
          .execute()
        // In the same transaction: search never finds the old words after the save, nor misses the new.
        await noteSearchTextChanged(tx, callId)
        return { saved: true, version }
      }),
    /** Every version of a call's note, oldest first. */
    noteVersions: (callId: string) =>
      db
        .selectFrom('call_note_versions')
        .select(['version', 'text', 'saved_by', 'saved_at'])
        .where('call_id', '=', callId)
        .orderBy('version')
        .execute(),

    /** The store's clock: one for every instance, which the note's 24 hours are counted by. */
    clock: async (): Promise<number> => {
      const { rows } = await sql<{ now: number }>`select ${adapter.clockMs()} as now`.execute(db)
      return Number(rows[0]?.now)
    },
    /** Whether the console knows the call (placed it, or its index holds it), and who placed it through here. */
    callOf: async (callId: string): Promise<{ known: boolean; placerId: string | null }> => {
      const owner = await db
        .selectFrom('call_owners')
        .select('user_id')
        .where('call_id', '=', callId)
        .executeTakeFirst()
      if (owner) return { known: true, placerId: owner.user_id }
      const indexed = await db.selectFrom('indexed_calls').select('id').where('call_id', '=', callId).executeTakeFirst()
      return { known: indexed !== undefined, placerId: null }
    },
    /** The number the call went to, as the call index has it; null while the index has not seen the call. */
    destinationOf: async (callId: string): Promise<string | null> => {
      const row = await db
        .selectFrom('indexed_calls')
        .select('destination')
        .where('call_id', '=', callId)
        .executeTakeFirst()
      return row?.destination ?? null
    },
    /** The newest call a person placed through this console, and its outcome's kind (null: none recorded). */
    latestPlacedBy: async (userId: string) => {
      const row = await db
        .selectFrom('call_owners as c')
        .leftJoin('call_outcomes as o', 'o.call_id', 'c.call_id')
        .select(['c.call_id', 'o.kind_id'])
        .where('c.user_id', '=', userId)
        .orderBy('c.placed_at', 'desc')
        .orderBy('c.call_id', 'desc')
        .limit(1)
        .executeTakeFirst()
      return row ? { callId: row.call_id, outcome: row.kind_id } : null
    },
  }
}
